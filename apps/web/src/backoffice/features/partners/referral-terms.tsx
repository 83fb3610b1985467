import type { PartnerAdminView, UpdatePartnerBody } from '@bw/contracts';
import { Card, fieldError, TextField } from '../../components/ui';
import { centsFromEuroInput, eur, euroInputFromCents } from '../../lib/format';

/** The referral terms as the form holds them: euro texts. */
export type ReferralTermsInput = { referrer: string; referee: string; minimum: string; budget: string };

export const referralInputOf = (partner: PartnerAdminView): ReferralTermsInput => ({
  referrer: euroInputFromCents(partner.referral.referrerBonusCents),
  referee: euroInputFromCents(partner.referral.refereeBonusCents),
  minimum: euroInputFromCents(partner.referral.minimumInvestmentCents),
  budget: euroInputFromCents(partner.referral.budgetCents),
});

/** The euro texts as the admin API takes them; a wrong amount stays text so the server names it. */
export const referralBodyOf = (input: ReferralTermsInput): NonNullable<UpdatePartnerBody['referral']> => ({
  referrerBonusCents: centsFromEuroInput(input.referrer) ?? input.referrer,
  refereeBonusCents: centsFromEuroInput(input.referee) ?? input.referee,
  minimumInvestmentCents: centsFromEuroInput(input.minimum) ?? input.minimum,
  budgetCents: input.budget.trim() ? (centsFromEuroInput(input.budget) ?? input.budget) : null,
});

/** The partner's referral programme (issue 25): both bonuses, the qualifying first investment, the budget. */
export const ReferralTermsCard = ({
  value,
  paidCents,
  error,
  onChange,
}: {
  value: ReferralTermsInput;
  paidCents: string;
  error: unknown;
  onChange: (value: ReferralTermsInput) => void;
}) => {
  const set = (key: keyof ReferralTermsInput) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  const message = (name: string) => fieldError(error, `referral.${name}`);
  return (
    <Card title="Empfehlungsprogramm">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Bonus für die empfehlende Person (€)"
          inputMode="decimal"
          value={value.referrer}
          onChange={set('referrer')}
          error={message('referrerBonusCents')}
        />
        <TextField
          label="Bonus für die neue Person (€)"
          inputMode="decimal"
          value={value.referee}
          onChange={set('referee')}
          error={message('refereeBonusCents')}
        />
        <TextField
          label="Erste Investition mindestens (€)"
          inputMode="decimal"
          value={value.minimum}
          onChange={set('minimum')}
          error={message('minimumInvestmentCents')}
        />
        <TextField
          label="Budget (€, leer: unbegrenzt)"
          inputMode="decimal"
          value={value.budget}
          onChange={set('budget')}
          error={message('budgetCents')}
          hint={`Bisher ausgezahlt: ${eur(paidCents)}`}
        />
      </div>
    </Card>
  );
};
