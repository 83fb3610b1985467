import { z } from 'zod';

/** Every successful JSON answer is wrapped as `{ data }` (architecture: errors and messages). */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level details for validation errors; never internal information. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The media type of RFC 9457 problem details, the error shape a caller can ask for instead (ADR 0037). */
export const PROBLEM_JSON = 'application/problem+json';

/**
 * An error as RFC 9457 problem details, sent when the request's Accept header prefers
 * `application/problem+json` (ADR 0037). `type` names the error code, `title` is its catalogue
 * text, `detail` this occurrence's message; `code` and `fields` are the envelope's.
 */
export const problemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ProblemDetails = z.infer<typeof problemDetails>;
