import { dataEnvelope, otpBody, signatureBody, signerRedirect } from '@bw/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentificationContext } from '../identification-context.js';
import {
  confirmSignatureCode,
  createSigningRequest,
  sendSignatureCode,
  signatureRedirect,
  submitSignature,
  submitSignatureSelfie,
} from '../operations/sign-agreements.js';
import { A, errors, readUpload, stateAfter, stateResponse, tags, userIdOf } from './route-support.js';

/** The qualified e-signature of the agreements (ADR 0009): request, selfie, SMS code, drawn signature. */
export const agreementSignatureRoutes =
  (context: IdentificationContext): FastifyPluginAsyncZod =>
  async (app) => {
    const signatureStep = (url: string, summary: string, run: (request: FastifyRequest) => Promise<void>) =>
      app.post(url, { schema: { tags, summary, response: stateResponse } }, (request) =>
        stateAfter(request, () => run(request)),
      );
    app.get(
      `${A}/signature/redirect`,
      {
        schema: {
          tags,
          summary: 'Where the signer signs at the signature provider (Skribble), while the signature waits there',
          response: { 200: dataEnvelope(signerRedirect), ...errors },
        },
      },
      async (request) => ({ data: await signatureRedirect(context, userIdOf(request)) }),
    );
    signatureStep(`${A}/signingRequest`, 'Open the qualified e-signature of the agreements', (request) =>
      createSigningRequest(context, userIdOf(request)),
    );
    signatureStep(`${A}/signature/selfie`, 'The signer’s selfie (multipart field `file`)', async (request) =>
      submitSignatureSelfie(context, userIdOf(request), await readUpload(request)),
    );
    signatureStep(`${A}/signature/authorize`, 'Send the SMS code for the signature', (request) =>
      sendSignatureCode(context, userIdOf(request), 'authorize', new Date()),
    );
    signatureStep(`${A}/signature/resend`, 'Send a new SMS code', (request) =>
      sendSignatureCode(context, userIdOf(request), 'resend', new Date()),
    );

    app.post(
      `${A}/signature`,
      {
        schema: {
          tags,
          summary: "The drawn signature; 'There is no signature in the field!' when empty",
          body: signatureBody,
          response: stateResponse,
        },
      },
      (request) =>
        stateAfter(request, () =>
          submitSignature(context, userIdOf(request), { signature: request.body.signature, ipAddress: request.ip }),
        ),
    );

    app.post(
      `${A}/signature/otp`,
      {
        schema: {
          tags,
          summary: "Confirm the signature with the SMS code ('Der eingegebene Code ist leider falsch.')",
          body: otpBody,
          response: stateResponse,
        },
      },
      (request) =>
        stateAfter(request, () => confirmSignatureCode(context, userIdOf(request), request.body.otp, new Date())),
    );
  };
