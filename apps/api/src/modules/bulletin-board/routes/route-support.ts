/** What the bulletin-board route files share. */
export const tags = ['Bulletin board'];
export { tradeRefusals as errors } from '../../../lib/refusals.js';
