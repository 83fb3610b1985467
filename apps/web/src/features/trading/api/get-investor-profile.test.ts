import { describe, expect, it } from 'vitest';
import { appropriatenessOf, type InvestorProfile } from './get-investor-profile';

const profile = (
  status: InvestorProfile['complianceInformation']['knowledgeAndExperienceStatus'],
  boundary: InvestorProfile['complianceInformation']['knowledgeAndExperienceBoundary'] = null,
): InvestorProfile => ({
  status: 'verified',
  complianceInformation: {
    knowledgeAndExperience: null,
    knowledgeAndExperienceStatus: status,
    knowledgeAndExperienceBoundary: boundary,
    knowledgeAndExperienceUpdatedAt: null,
  },
});

describe('appropriatenessOf (the warning before sending, spec section 5)', () => {
  it('keeps a skipped or unanswered questionnaire as it is', () => {
    expect(appropriatenessOf(profile('NotProvided'), 'participationRightEquity')).toBe('NotProvided');
    expect(appropriatenessOf(profile('NoInformation'), 'participationRightEquity')).toBe('NoInformation');
  });

  it('reads the boundary of the security type once answered', () => {
    const answered = profile('NotAppropriate', {
      participationRightEquity: 'Appropriate',
      participationKG: 'NotAppropriate',
    } as InvestorProfile['complianceInformation']['knowledgeAndExperienceBoundary']);
    expect(appropriatenessOf(answered, 'participationRightEquity')).toBe('Appropriate');
    expect(appropriatenessOf(answered, 'participationKG')).toBe('NotAppropriate');
    expect(appropriatenessOf(answered, 'participationAtypicalSilent')).toBe('NotAppropriate');
  });
});
