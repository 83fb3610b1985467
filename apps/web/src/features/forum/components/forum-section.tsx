import type { VotingView } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { useVotings, type VotingList } from '../api/get-votings';
import { votingsQueryKey } from '../api/query-keys';
import { CreateVotingForm } from './create-voting-form';
import { ForumMessages } from './forum-messages';
import { ForumRules } from './forum-rules';
import { VotingDetail } from './voting-detail';
import { VotingOverview } from './voting-overview';

type Section = 'votings' | 'messages' | 'rules';
type VotingsView = { kind: 'overview' } | { kind: 'voting'; id: string } | { kind: 'create' };

const sections: readonly {
  id: Section;
  label: 'forum.sectionVotings' | 'forum.sectionMessages' | 'forum.sectionRules';
}[] = [
  { id: 'votings', label: 'forum.sectionVotings' },
  { id: 'messages', label: 'forum.sectionMessages' },
  { id: 'rules', label: 'forum.sectionRules' },
];

const Votings = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const votings = useVotings(assetId);
  const [view, setView] = useState<VotingsView>({ kind: 'overview' });
  const remember = (voting: VotingView) => {
    queryClient.setQueryData<VotingList>(votingsQueryKey(assetId), (list) =>
      list
        ? {
            ...list,
            votings: list.votings.some((v) => v.id === voting.id)
              ? list.votings.map((v) => (v.id === voting.id ? voting : v))
              : [voting, ...list.votings],
          }
        : list,
    );
  };
  if (votings.isPending) return <div aria-hidden="true" className="h-32 animate-pulse rounded-2xl bg-navy-100" />;
  if (votings.isError) {
    const notVerified = votings.error instanceof ApiError && votings.error.code === 'FORUM_NOT_VERIFIED';
    return (
      <p role="alert" className="rounded-xl bg-danger/10 p-3 text-sm font-medium text-danger">
        {t(notVerified ? 'forum.notVerified' : 'forum.genericError')}
      </p>
    );
  }
  const { holder } = votings.data;
  if (view.kind === 'create')
    return (
      <CreateVotingForm
        assetId={assetId}
        onBack={() => setView({ kind: 'overview' })}
        onCreated={(voting) => {
          remember(voting);
          setView({ kind: 'voting', id: voting.id });
        }}
      />
    );
  const open = view.kind === 'voting' ? votings.data.votings.find((v) => v.id === view.id) : undefined;
  if (open)
    return (
      <VotingDetail voting={open} holder={holder} onBack={() => setView({ kind: 'overview' })} onChanged={remember} />
    );
  return (
    <div className="flex flex-col gap-4">
      {holder ? null : <p className="text-sm text-navy-700">{t('forum.nonHolderNote')}</p>}
      <VotingOverview
        votings={votings.data.votings}
        holder={holder}
        onOpen={(id) => setView({ kind: 'voting', id })}
        onCreate={() => setView({ kind: 'create' })}
      />
    </div>
  );
};

/** The asset's investor forum (spec section 2, issue 24): votings, messages and the rules. */
export const ForumSection = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const loggedIn = useShellStore((state) => state.user !== null);
  const openGuestDialog = useShellStore((state) => state.openGuestDialog);
  const [section, setSection] = useState<Section>('votings');
  return (
    <section aria-labelledby="forum-title" className="flex flex-col gap-4" data-testid="forum">
      <h2 id="forum-title" className="text-lg font-semibold text-navy-900">
        {t('forum.title')}
      </h2>
      {loggedIn ? (
        <>
          <div role="tablist" aria-label={t('forum.title')} className="flex gap-1 rounded-xl bg-navy-100 p-1">
            {sections.map((item) => (
              <button
                key={item.id}
                type="button"
                role="tab"
                aria-selected={section === item.id}
                onClick={() => setSection(item.id)}
                className={`min-h-10 flex-1 rounded-lg px-3 text-sm font-semibold transition ${
                  section === item.id ? 'bg-white text-navy-900 shadow-sm' : 'text-navy-700 hover:text-navy-900'
                }`}
              >
                {t(item.label)}
              </button>
            ))}
          </div>
          {section === 'votings' ? <Votings assetId={assetId} /> : null}
          {section === 'messages' ? <ForumMessages assetId={assetId} /> : null}
          {section === 'rules' ? <ForumRules /> : null}
        </>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
          <p className="text-sm text-navy-700">{t('forum.guestText')}</p>
          <Button variant="secondary" onClick={openGuestDialog}>
            <LogIn aria-hidden="true" className="size-4" />
            {t('asset.myInvestmentLogin')}
          </Button>
        </div>
      )}
    </section>
  );
};

export default ForumSection;
