import { type DistributionProposalView, staffCan } from '@bw/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { Badge, Button, ErrorNotice } from '../../components/ui';
import { dateTime, day, eur } from '../../lib/format';
import { useSession } from '../../lib/use-session';
import { decideProposal } from './api';

const STATUS: Record<DistributionProposalView['status'], { label: string; tone: 'info' | 'warn' | 'ok' | 'bad' }> = {
  proposed: { label: 'vorgeschlagen', tone: 'info' },
  submitted: { label: 'zur Freigabe', tone: 'warn' },
  approved: { label: 'freigegeben, ausbezahlt', tone: 'ok' },
  declined: { label: 'abgelehnt', tone: 'bad' },
};

/** The actions one person may take on a proposal; whoever submitted it cannot approve it (four eyes). */
const ProposalActions = ({
  proposal,
  onDone,
}: {
  readonly proposal: DistributionProposalView;
  readonly onDone: () => void;
}) => {
  const session = useSession();
  const role = session.staff.role;
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (step: 'submit' | 'approve' | 'decline') =>
      decideProposal(proposal.assetId, proposal.id, step, step === 'decline' ? reason : undefined),
    onSuccess: onDone,
  });
  const open = proposal.status === 'proposed' || proposal.status === 'submitted';
  if (!open) return proposal.declineReason ? <span className="text-xs">{proposal.declineReason}</span> : null;
  const own = proposal.submittedBy === session.staff.id;
  return (
    <div className="flex flex-col items-start gap-2">
      <div className="flex flex-wrap gap-2">
        {proposal.status === 'proposed' &&
        staffCan(role, 'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/submit') ? (
          <Button busy={decide.isPending} onClick={() => decide.mutate('submit')}>
            Geprüft, zur Freigabe
          </Button>
        ) : null}
        {proposal.status === 'submitted' &&
        staffCan(role, 'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/approve') ? (
          own ? (
            <span className="text-xs text-muted">Freigabe durch eine zweite Person</span>
          ) : (
            <Button variant="primary" busy={decide.isPending} onClick={() => decide.mutate('approve')}>
              Freigeben und auszahlen
            </Button>
          )
        ) : null}
      </div>
      {staffCan(role, 'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/decline') ? (
        <div className="flex gap-2">
          <input
            className="w-40 rounded border border-line px-2 py-1 text-xs"
            aria-label={`Grund der Ablehnung für ${proposal.periodKey}`}
            placeholder="Grund der Ablehnung"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button
            variant="ghost"
            disabled={reason.trim() === ''}
            busy={decide.isPending}
            onClick={() => decide.mutate('decline')}
          >
            Ablehnen
          </Button>
        </div>
      ) : null}
      <ErrorNotice error={decide.error} />
    </div>
  );
};

/**
 * Run proposals of an asset (issue 35): the scheduler proposes each period after it ends, an
 * operator submits, a second person approves (which pays) or declines.
 */
export const ProposalsTable = ({
  proposals,
  loading,
  onDone,
}: {
  readonly assetId: string;
  readonly proposals: readonly DistributionProposalView[] | undefined;
  readonly loading: boolean;
  readonly onDone: () => void;
}) => (
  <DataTable<DistributionProposalView>
    label="Vorschläge zur Freigabe"
    loading={loading}
    rows={proposals}
    rowKey={(row) => row.id}
    empty={{ title: 'Keine Vorschläge', text: 'Nach Ende eines Zeitraums schlägt das System die Ausschüttung vor.' }}
    columns={[
      { key: 'period', header: 'Zeitraum', cell: (r) => r.periodKey },
      { key: 'record', header: 'Stichtag', cell: (r) => day(r.recordDate) },
      { key: 'income', header: 'Einnahmen', align: 'right', cell: (r) => eur(r.income) },
      { key: 'carried', header: 'davon übertragen', align: 'right', cell: (r) => eur(r.carriedIncome) },
      {
        key: 'status',
        header: 'Status',
        cell: (r) => <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>,
      },
      {
        key: 'by',
        header: 'Vorgeschlagen',
        cell: (r) => (
          <span className="text-xs">
            {r.proposedBy.startsWith('system:') ? 'automatisch' : 'manuell'} · {dateTime(r.proposedAt)}
          </span>
        ),
      },
      { key: 'actions', header: 'Freigabe', cell: (r) => <ProposalActions proposal={r} onDone={onDone} /> },
    ]}
  />
);
