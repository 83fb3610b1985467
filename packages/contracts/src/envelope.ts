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
