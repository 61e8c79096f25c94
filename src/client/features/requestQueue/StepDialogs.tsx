import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { formatIsoDate } from '../../../domain/format';
import { REQUEST_MSG } from '../../../domain/requests';
import { parseIsoDate } from '../../../domain/time';
import { DateField } from '../../components/DateField';
import { RejectRequestDialog } from '../../components/RejectRequestDialog';
import { type CarryOutInput, type QueuedRequest, useCarryOutQueuedRequestMutation, useGetQueueArticlesQuery, useRejectQueuedRequestMutation } from './requestQueueApi';

const CHOOSE_ARTICLE = 'Kies een artikel.';
const DATE_INVALID = 'Vul een geldige datum in (dd-mm-jjjj).';

interface StepDialogProps {
  request: QueuedRequest;
  onClose: () => void;
}

/** What carrying out does, per kind that asks nothing of the handler (docs/requests.md, 'Kinds'). */
const confirmText = (request: QueuedRequest): string => {
  const { details } = request;
  switch (request.kind) {
    case 'block':
      return 'De afname wordt geblokkeerd.';
    case 'unblock':
      return 'De blokkering van de afname wordt opgeheven.';
    case 'tariff_change':
      return `Het huidige abonnement stopt de dag voor ${formatIsoDate(details.date ?? '')}; vanaf die datum loopt ${details.article_name ?? 'het nieuwe artikel'}.`;
    case 'question':
      return 'De vraag wordt afgesloten. Zet je antwoord in het bericht aan de klant.';
    default:
      return 'De aanvraag wordt uitgevoerd.';
  }
};

function MessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Bericht aan de klant"
      helperText="Optioneel: komt in de tijdlijn van de aanvraag."
      multiline
      minRows={2}
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: 4000 } }}
    />
  );
}

/** A porting's article: one of the request's company's articles of its article group (GET /request-queue/{id}/articles). */
function PortingArticle({ request, value, onChange, error }: { request: QueuedRequest; value: string; onChange: (value: string) => void; error?: string }) {
  const { data: articles, isLoading } = useGetQueueArticlesQuery(request.id);
  return (
    <TextField
      select
      required
      label="Artikel"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? `Uit ${request.article_group?.name ?? 'de artikelgroep'}.`}
      disabled={isLoading}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      <option value="">Kies een artikel</option>
      {(articles ?? []).map((article) => (
        <option key={article.id} value={String(article.id)}>
          {article.name}
        </option>
      ))}
    </TextField>
  );
}

/** 'Uitvoeren': what the kind needs from the handler (docs/requests.md, 'Carrying out'), or a confirmation. */
export function CarryOutDialog({ request, onClose }: StepDialogProps) {
  const id = useId();
  const [carryOut, { isLoading }] = useCarryOutQueuedRequestMutation();
  const [simNumber, setSimNumber] = useState('');
  const [articleId, setArticleId] = useState('');
  const [startDate, setStartDate] = useState(request.details.date ?? '');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ simNumber?: string; article?: string; startDate?: string }>({});

  const bodyOf = (): CarryOutInput | null => {
    const problems: typeof errors = {};
    const body: CarryOutInput = {};
    if (request.kind === 'new_sim') {
      if (!simNumber.trim()) problems.simNumber = REQUEST_MSG.simNumberRequired;
      body.sim_number = simNumber.trim();
    }
    if (request.kind === 'porting') {
      if (!articleId) problems.article = CHOOSE_ARTICLE;
      if (!parseIsoDate(startDate)) problems.startDate = DATE_INVALID;
      body.article_id = Number(articleId);
      body.start_date = startDate;
    }
    if (text.trim()) body.text = text.trim();
    setErrors(problems);
    return Object.keys(problems).length > 0 ? null : body;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf();
    if (!body) return;
    // A refusal is reported by the error toasts; the dialog stays for another try.
    const done = await carryOut({ id: request.id, body })
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (done) onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-titel`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-titel`}>Aanvraag uitvoeren</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {request.kind === 'new_sim' && (
              <TextField
                label="Nieuw SIM nummer"
                required
                autoFocus
                fullWidth
                value={simNumber}
                onChange={(event) => setSimNumber(event.target.value)}
                error={errors.simNumber !== undefined}
                helperText={errors.simNumber ?? 'Vervangt het SIM nummer van de afname en heft een blokkering op.'}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            )}
            {request.kind === 'porting' && (
              <>
                <PortingArticle request={request} value={articleId} onChange={setArticleId} error={errors.article} />
                <DateField
                  label="Startdatum"
                  required
                  value={startDate}
                  onChange={setStartDate}
                  error={errors.startDate !== undefined}
                  helperText={errors.startDate ?? 'De gewenste datum van de klant, tenzij je een andere kiest.'}
                  fullWidth
                />
              </>
            )}
            {request.kind !== 'new_sim' && request.kind !== 'porting' && <DialogContentText>{confirmText(request)}</DialogContentText>}
            <MessageField value={text} onChange={setText} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annuleren</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Uitvoeren
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** 'Afwijzen' by the provider: the customer reads the reason with the request. */
export function RejectDialog({ request, onClose }: StepDialogProps) {
  const [reject, { isLoading }] = useRejectQueuedRequestMutation();
  const rejectWith = (reason: string) =>
    reject({ id: request.id, reason })
      .unwrap()
      .then(() => true)
      .catch(() => false);
  return <RejectRequestDialog intro="De klant leest de reden bij de aanvraag en krijgt er een e-mail over." reject={rejectWith} busy={isLoading} onClose={onClose} />;
}
