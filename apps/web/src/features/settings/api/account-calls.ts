import * as ops from '@bw/api-client/operations';
import { userWithOnboarding } from '@bw/contracts';
import type { BodyOf } from '../../../lib/api-client';
import type { UserPartCall } from '../../personal-data/api/save-user-part';

/** The account settings' calls (spec section 7): each answers with the whole user, as the onboarding calls. */
export const accountCalls = {
  marketingNewsletter:
    (body: BodyOf<typeof ops.putUserAccountMarketingNewsletter>): UserPartCall =>
    (client) =>
      client.send(ops.putUserAccountMarketingNewsletter, userWithOnboarding, { body }),
  taxId:
    (body: BodyOf<typeof ops.putUserAccountTaxId>): UserPartCall =>
    (client) =>
      client.send(ops.putUserAccountTaxId, userWithOnboarding, { body }),
  churchTax:
    (body: BodyOf<typeof ops.putUserAccountChurchTax>): UserPartCall =>
    (client) =>
      client.send(ops.putUserAccountChurchTax, userWithOnboarding, { body }),
} as const;
