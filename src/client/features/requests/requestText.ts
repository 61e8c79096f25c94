import { formatDate } from '../../../domain/format';
import { businessTimeToEpoch, parseIsoDate } from '../../../domain/time';
import {
  BLOCK_REASON_LABELS,
  type BlockReason,
  REQUEST_KIND_LABELS,
  type SimType,
  SIM_TYPE_LABELS,
} from '../../../domain/requests';
import type { Request, RequestSummary } from '../../api/requestsApi';

/** A day of the details ('YYYY-MM-DD') as dd-mm-jjjj. */
const dayText = (iso: string) => {
  const date = parseIsoDate(iso);
  return date ? formatDate(businessTimeToEpoch(date.year, date.month, date.day, 12)) : iso;
};

export interface DetailLine {
  label: string;
  value: string;
}

/** What the request asks for, in Dutch (docs/requests.md, 'Kinds'). */
export const detailLines = (request: Pick<Request, 'kind' | 'details' | 'outcome'>): DetailLine[] => {
  const d = request.details;
  const lines: (DetailLine | null)[] = [
    d.reason ? { label: 'Reden', value: BLOCK_REASON_LABELS[d.reason as BlockReason] ?? d.reason } : null,
    d.sim_type ? { label: 'Soort simkaart', value: SIM_TYPE_LABELS[d.sim_type as SimType] ?? d.sim_type } : null,
    d.street ? { label: 'Straat en huisnummer', value: d.street } : null,
    d.zipcode ? { label: 'Postcode', value: d.zipcode } : null,
    d.city ? { label: 'Plaats', value: d.city } : null,
    d.attention ? { label: 'T.a.v.', value: d.attention } : null,
    d.email ? { label: 'E-mailadres', value: d.email } : null,
    d.article_name || d.article_id ? { label: 'Nieuw abonnement', value: d.article_name ?? `Artikel ${d.article_id}` } : null,
    d.number ? { label: 'Telefoonnummer', value: d.number } : null,
    d.current_provider ? { label: 'Huidige aanbieder', value: d.current_provider } : null,
    d.contract_number ? { label: 'Contractnummer bij huidige aanbieder', value: d.contract_number } : null,
    d.date ? { label: request.kind === 'porting' ? 'Gewenste datum' : 'Ingangsdatum', value: dayText(d.date) } : null,
    d.note ? { label: 'Toelichting', value: d.note } : null,
    d.text ? { label: 'Vraag', value: d.text } : null,
    request.outcome?.sim_number ? { label: 'Nieuw SIM nummer', value: request.outcome.sim_number } : null,
  ];
  return lines.filter((line): line is DetailLine => line !== null);
};

/** The list's and the title's name of a request: its kind and what it is about. */
export const requestTitle = (request: Pick<RequestSummary, 'kind' | 'service_label' | 'article_group_name'>) => {
  const about = request.service_label ?? request.article_group_name;
  return about ? `${REQUEST_KIND_LABELS[request.kind]}: ${about}` : REQUEST_KIND_LABELS[request.kind];
};
