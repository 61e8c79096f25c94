import { REQUEST_KIND_LABELS } from '../../../domain/requests';
import type { RequestSummary } from '../../api/requestsApi';

/** The list's and the title's name of a request: its kind and what it is about. */
export const requestTitle = (request: Pick<RequestSummary, 'kind' | 'service_label' | 'article_group_name'>) => {
  const about = request.service_label ?? request.article_group_name;
  return about ? `${REQUEST_KIND_LABELS[request.kind]}: ${about}` : REQUEST_KIND_LABELS[request.kind];
};
