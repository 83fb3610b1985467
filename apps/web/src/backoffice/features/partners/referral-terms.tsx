import type { PartnerAdminView, UpdatePartnerBody } from '@bw/contracts';
import { z } from 'zod';
import { FormTextField } from '../../components/form-fields';
import { Card } from '../../components/ui';
import { euros } from '../../lib/form-rules';
import { centsFromEuroInput, eur, euroInputFromCents } from '../../lib/format';

/** The referral terms as the form holds them: euro texts. */
export const referralTermsFields = z.object({
  referrer: euros('Bitte gib den Bonus in € an.'),
  referee: euros('Bitte gib den Bonus in € an.'),
  minimum: euros('Bitte gib den Betrag in € an.'),
  budget: euros('Bitte gib das Budget in € an.', { optional: true }),
});
export type ReferralTermsInput = z.input<typeof referralTermsFields>;

/** The body's referral fields and the form fields that show their server messages. */
export const REFERRAL_ALIASES = {
  'referral.referrerBonusCents': 'referral.referrer',
  'referral.refereeBonusCents': 'referral.referee',
  'referral.minimumInvestmentCents': 'referral.minimum',
  'referral.budgetCents': 'referral.budget',
};

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

/**
 * The partner's referral programme (issue 25): both bonuses, the qualifying first investment, the
 * budget; fields `referral.*` of the surrounding partner form.
 */
export const ReferralTermsCard = ({ paidCents }: { paidCents: string }) => (
  <Card title="Empfehlungsprogramm">
    <div className="grid grid-cols-2 gap-3">
      <FormTextField name="referral.referrer" label="Bonus für die empfehlende Person (€)" inputMode="decimal" />
      <FormTextField name="referral.referee" label="Bonus für die neue Person (€)" inputMode="decimal" />
      <FormTextField name="referral.minimum" label="Erste Investition mindestens (€)" inputMode="decimal" />
      <FormTextField
        name="referral.budget"
        label="Budget (€, leer: unbegrenzt)"
        inputMode="decimal"
        hint={`Bisher ausgezahlt: ${eur(paidCents)}`}
      />
    </div>
  </Card>
);
