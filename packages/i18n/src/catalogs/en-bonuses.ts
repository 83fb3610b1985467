import type { deATBonuses } from './de-at-bonuses.js';

type BonusesCatalog = {
  readonly [K in keyof typeof deATBonuses]: { readonly [L in keyof (typeof deATBonuses)[K]]: string };
};

/** English texts of the referral programme and the open bonuses (issue 25). */
export const enBonuses = {
  bonuses: {
    referralTitle: 'Invite friends',
    referralText:
      'Share your link. When someone invests at least {{minimum}} through it for the first time, you both get a bonus: you {{referrer}}, the new investor {{referee}}.',
    referralCode: 'Your referral code',
    referralCopy: 'Copy link',
    referralCopied: 'Link copied',
    referralShare: 'Share link',
    referralShareTitle: 'Invest in real assets with me',
    referralUnavailable: 'You can refer others once your identification is complete.',
    openTitle: 'Your open bonuses',
    openEmpty: 'No bonus is open right now.',
    usable: 'Ready for your next purchase',
    earning: 'Credited once the condition is met',
    progress: '{{current}} of {{target}} invested',
    tiersLabel: 'Bonus tiers',
    tierUpTo: 'up to {{amount}} invested',
    rateApp: 'Rate the app now',
    rateAppFailed: 'That did not work. Please try again.',
    validUntil: 'valid until {{date}}',
  },
} as const satisfies BonusesCatalog;
