import { formatAge } from '../../../domain/format';
import { canTakeStep, REQUEST_KIND_LABELS, type RequestState } from '../../../domain/requests';
import type { QueuedRequestSummary } from './requestQueueApi';

/** How the queue names a request's afname: its label, and the article beside it when that differs. */
export const afnameText = (request: Pick<QueuedRequestSummary, 'service_label' | 'article_name' | 'article_group_name'>): string => {
  const parts = [request.service_label, request.article_name].filter((part, index, all): part is string => part !== null && all.indexOf(part) === index);
  return parts.length > 0 ? parts.join(' · ') : (request.article_group_name ?? '–');
};

/** How long a request waits: since it was submitted (Unix seconds), e.g. '3 dagen'. */
export const ageOf = (createdAt: number, nowMs: number = Date.now()): string => formatAge(nowMs / 1000 - createdAt);

/** The kind as the lists name it. */
export const kindText = (request: Pick<QueuedRequestSummary, 'kind'>): string => REQUEST_KIND_LABELS[request.kind];

/** 'Oppakken' is offered while the request can be picked up and the caller does not handle it yet (docs/requests.md, 'The queue'). */
export const mayPickUp = (request: { state: RequestState; handler: { id: number | null } | null }, userId: number | null): boolean =>
  canTakeStep(request.state, 'pick_up') && (request.handler === null || request.handler.id !== userId);
