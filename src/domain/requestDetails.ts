import { formatIsoDate } from './format';
import { BLOCK_REASON_LABELS, type BlockReason, type SimType, SIM_TYPE_LABELS, type RequestKind } from './requests';

/**
 * What a request asks for, in Dutch, line by line (docs/requests.md, 'Kinds'): the one reading of
 * a request's details for the customer's and the provider's screens.
 */

/** The details as the API sends them (routes/requests/schemas.ts, every field optional). */
interface RequestDetailsText {
  reason?: string;
  note?: string;
  sim_type?: string;
  street?: string;
  zipcode?: string;
  city?: string;
  attention?: string;
  email?: string;
  article_id?: number;
  article_name?: string;
  date?: string;
  number?: string;
  current_provider?: string;
  contract_number?: string;
  text?: string;
}

export interface DetailLine {
  label: string;
  value: string;
}

/** What the request asks for, in Dutch (docs/requests.md, 'Kinds'). */
export const detailLines = (request: { kind: RequestKind; details: RequestDetailsText; outcome: { sim_number?: string } | null }): DetailLine[] => {
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
    d.date ? { label: request.kind === 'porting' ? 'Gewenste datum' : 'Ingangsdatum', value: formatIsoDate(d.date) } : null,
    d.note ? { label: 'Toelichting', value: d.note } : null,
    d.text ? { label: 'Vraag', value: d.text } : null,
    request.outcome?.sim_number ? { label: 'Nieuw SIM nummer', value: request.outcome.sim_number } : null,
  ];
  return lines.filter((line): line is DetailLine => line !== null);
};
