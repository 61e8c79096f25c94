import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages';
import { HttpError } from '../httpError';
import type { RateLimiter } from '../services/rateLimiter';
import type { RouteApp } from './schemas';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * The calls that check the caller's password again (its change, an e-mail change, two-factor
 * settings in 'Mijn account'; seeing a PUK code, docs/requests.md) count together per user, as
 * many as a login may try per address: a stolen session guesses no faster than a login. One name,
 * one count (services/rateLimiter.ts), whichever route asks.
 */
export const passwordChecksOf = (app: RouteApp): RateLimiter =>
  app.rateLimits.limiter('account-password', { max: app.config.loginRateLimit, windowMs: FIFTEEN_MINUTES });

/**
 * 429 once the user has had the limiter's turns (after validation, before the handler), keyed by
 * the user and not the address: a stolen session guesses the password no faster from many addresses.
 */
export const limitedPerUser = (limiter: RateLimiter) => async (request: FastifyRequest) => {
  if (!(await limiter.take(String(request.actor.userId)))) throw new HttpError(429, MSG.tooManyAttempts);
};
