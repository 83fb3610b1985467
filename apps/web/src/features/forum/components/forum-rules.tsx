import { useTranslation } from '../../../lib/i18n';

const rules = ['rule1', 'rule2', 'ruleVotingShares', 'rule3', 'rule4', 'rule5', 'rule6', 'rule7'] as const;

/** Spec section 2: the forum's rules (support rule, phases, weights, choices, outcome; ADR 0027). */
export const ForumRules = () => {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="forum-rules-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100"
    >
      <h3 id="forum-rules-title" className="text-base font-semibold text-navy-900">
        {t('forum.rulesTitle')}
      </h3>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm leading-relaxed text-navy-700">
        {rules.map((rule) => (
          <li key={rule}>{t(`forum.${rule}`)}</li>
        ))}
      </ol>
    </section>
  );
};
