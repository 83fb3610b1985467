import type { KaeProblem } from '@bw/domain';

/** Knowledge and experience (spec sections 4 and 7, issue 5); merged into `errorCatalog` in errors.ts. */
export const knowledgeAndExperienceErrors = {
  KNOWLEDGE_AND_EXPERIENCE_EXISTS: { status: 409 },
  KNOWLEDGE_AND_EXPERIENCE_NOT_FOUND: { status: 409 },
  KNOWLEDGE_AND_EXPERIENCE_INCONSISTENT: { status: 400 },
  KNOWLEDGE_AND_EXPERIENCE_SKIP_NOT_CONFIRMED: { status: 400 },
} as const;

/** The message of each cross-answer problem, shown at its field (`error.fields['body.<field>']`). */
export const kaeProblemMessages: Readonly<Record<KaeProblem['reason'], string>> = {
  missing: 'Bitte wähle eine Antwort.',
  experienceWithoutKnowledge: 'Gib Erfahrung nur für Produkte an, die du kennst.',
  amountWithoutTransactions: 'Ohne Transaktionen gibt es keinen durchschnittlichen Betrag.',
};
