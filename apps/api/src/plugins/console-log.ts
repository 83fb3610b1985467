import type { FastifyInstance } from 'fastify';
import type { PrettyStream } from 'pino-pretty';
import type { AppConfig } from '../config.js';

/**
 * How the server writes its log on the console (issue 34): readable lines in development, JSON in
 * production (one object a line, as log collectors read it) and in tests (unchanged, mostly silent).
 */
export type LogFormat = 'pretty' | 'json';

export const logFormatOf = (config: Pick<AppConfig, 'NODE_ENV' | 'LOG_FORMAT'>): LogFormat =>
  config.LOG_FORMAT ?? (config.NODE_ENV === 'development' ? 'pretty' : 'json');

/** Fields that stay out of a readable line: the request line names them already (`requestLine`). */
const QUIET_FIELDS = 'pid,hostname,reqId,req,res,responseTime,route,statusCode';

/**
 * pino-pretty as the logger's stream, loaded only when used: it is a development dependency, which
 * a production install (`npm ci --omit=dev`) does not have.
 */
export const prettyLogStream = async (destination?: NodeJS.WritableStream): Promise<PrettyStream> => {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    ...(destination ? { destination } : {}),
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: QUIET_FIELDS,
    singleLine: true,
    sync: true,
  });
};

/** One line per answered request in the readable log: method, route pattern (never the raw URL), status, time. */
export const requestLine = (request: {
  method: string;
  route: string | undefined;
  statusCode: number;
  elapsedMs: number;
}): string =>
  `${request.method} ${request.route ?? '(no route)'} → ${request.statusCode} in ${Math.round(request.elapsedMs)} ms`;

/** The readable log's request lines (Fastify's own request logging is off with it). */
export const registerRequestLines = (app: FastifyInstance): void => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      requestLine({
        method: request.method,
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        elapsedMs: reply.elapsedTime,
      }),
    );
  });
};
