/**
 * One entry point for every verifier (browser page, command line, tests): reads a proof file or a
 * whole log from its text and checks it. Never throws and never calls a server.
 */
import { type LogSummary, REGISTER_LOG_FORMAT, verifyRegisterLog } from './log.js';
import {
  type ProofSummary,
  REGISTER_PROOF_FORMAT,
  type VerificationReport,
  type VerifyOptions,
  verifyRegisterProof,
} from './proof.js';

export type RegisterVerification =
  | ({ kind: 'proof' } & VerificationReport<ProofSummary>)
  | ({ kind: 'log' } & VerificationReport<LogSummary>)
  | ({ kind: 'unknown' } & VerificationReport<null>);

const parse = (text: string): { value: unknown } | null => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
};

/** `rootText`: a signed root obtained elsewhere (optional). */
export const verifyRegisterFile = (
  text: string,
  options: { rootText?: string; platformPublicKey?: string } = {},
): RegisterVerification => {
  const parsed = parse(text);
  if (parsed === null)
    return {
      kind: 'unknown',
      ok: false,
      failures: [{ code: 'FILE_UNREADABLE', params: {} }],
      passed: [],
      summary: null,
    };
  const verifyOptions: VerifyOptions = {};
  if (options.platformPublicKey !== undefined) verifyOptions.platformPublicKey = options.platformPublicKey;
  if (options.rootText !== undefined) {
    const root = parse(options.rootText);
    verifyOptions.root = root === null ? 'not JSON' : root.value;
  }
  const format =
    typeof parsed.value === 'object' && parsed.value !== null
      ? (parsed.value as { format?: unknown }).format
      : undefined;
  if (format === REGISTER_LOG_FORMAT) return { kind: 'log', ...verifyRegisterLog(parsed.value, verifyOptions) };
  if (format === REGISTER_PROOF_FORMAT) return { kind: 'proof', ...verifyRegisterProof(parsed.value, verifyOptions) };
  return {
    kind: 'unknown',
    ok: false,
    failures: [
      {
        code: 'FILE_FORMAT',
        params: { detail: `format is neither ${REGISTER_PROOF_FORMAT} nor ${REGISTER_LOG_FORMAT}` },
      },
    ],
    passed: [],
    summary: null,
  };
};
