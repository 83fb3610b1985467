import type { Db } from '@bw/db';
import type { FastifyRequest } from 'fastify';
import { findDefaultPartner, listPartners } from '../partners/partners.repo.js';

type Partner = NonNullable<Awaited<ReturnType<typeof findDefaultPartner>>>;

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
};

/** The partner whose web app or app link domain this request came to, else the default partner. */
export const partnerOfHost = async (db: Db, request: FastifyRequest): Promise<Partner | null> => {
  const host = request.hostname.split(':')[0]?.toLowerCase() ?? '';
  const partners = await listPartners(db);
  const own = partners.find((row) => hostOf(row.webAppUrl) === host || hostOf(row.appUrl) === host);
  return own ?? (await findDefaultPartner(db)) ?? null;
};

/** Android App Links: the partner's package may open this domain's links (Digital Asset Links). */
export const assetLinks = (partner: Partner | null, fingerprints: readonly string[]) =>
  partner && fingerprints.length > 0
    ? [
        {
          relation: ['delegate_permission/common.handle_all_urls'],
          target: {
            namespace: 'android_app',
            package_name: partner.androidPackageName,
            sha256_cert_fingerprints: [...fingerprints],
          },
        },
      ]
    : [];

/**
 * iOS Universal Links: the paths of the spec's deep-link table (section 2) and the route families
 * open the app; everything else (the back office, the API, the security app) stays in the browser.
 */
export const DEEP_LINK_PATHS = [
  '/register/*',
  '/verify/*',
  '/password-reset/*',
  '/forum/*',
  '/transaction/*',
  '/asset/*',
  '/assets/*',
  '/settings/*',
  '/imprint',
  '/app/*',
  '/mobileWeb/*',
  '/desktopWeb/*',
];

export const appleAppSiteAssociation = (partner: Partner | null, teamId: string | undefined) => ({
  applinks: {
    details:
      partner && teamId
        ? [{ appIDs: [`${teamId}.${partner.iosBundleId}`], components: DEEP_LINK_PATHS.map((path) => ({ '/': path })) }]
        : [],
  },
  webcredentials: { apps: partner && teamId ? [`${teamId}.${partner.iosBundleId}`] : [] },
});
