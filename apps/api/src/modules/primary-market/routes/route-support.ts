/** What the primary-market route files share. */
export const tags = ['Primary market'];
export { tradeRefusals as refusals } from '../../../lib/refusals.js';
