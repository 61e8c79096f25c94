import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Form, Formik, type FormikErrors, type FormikProps } from 'formik';
import { type ReactNode, useId, useState } from 'react';
import {
  BLOCK_REASON_LABELS,
  BLOCK_REASONS,
  firstOfNextMonth,
  REQUEST_KIND_LABELS,
  REQUEST_MSG,
  type RequestKind,
  SIM_TYPE_LABELS,
  SIM_TYPES,
} from '../../../domain/requests';
import { useGetTwoFactorQuery } from '../../api/currentUserApi';
import { type NewRequest, type Request, useCreateRequestMutation, useShowPukMutation } from '../../api/requestsApi';
import { serverMessage } from '../../base/callToasts';
import { DateField } from '../../components/DateField';
import { todayDateInput } from './dates';
import { useGetArticlesQuery } from './servicesApi';

/** The kinds asked on an afname (porting is asked on an article group). */
export type AfnameRequestKind = Exclude<RequestKind, 'porting'>;

/** Every field any request form has; each kind uses its own (domain/requests.ts, RequestDetails). */
interface Values {
  reason: string;
  note: string;
  sim_type: string;
  street: string;
  zipcode: string;
  city: string;
  attention: string;
  email: string;
  article_id: string;
  date: string;
  number: string;
  current_provider: string;
  contract_number: string;
  text: string;
}

const emptyValues = (): Values => ({
  reason: '',
  note: '',
  sim_type: 'physical',
  street: '',
  zipcode: '',
  city: '',
  attention: '',
  email: '',
  article_id: '',
  date: '',
  number: '',
  current_provider: '',
  contract_number: '',
  text: '',
});

const required = (label: string) => `Veld '${label}' is verplicht.`;
const POSTCODE = /^[1-9][0-9]{3} ?[a-zA-Z]{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The labels of the fields, as the form shows them and its messages name them. */
const LABEL = {
  reason: 'Reden',
  note: 'Toelichting',
  sim_type: 'Soort simkaart',
  street: 'Straat en huisnummer',
  zipcode: 'Postcode',
  city: 'Plaats',
  attention: 'T.a.v.',
  email: 'E-mailadres',
  article_id: 'Nieuw abonnement',
  date: 'Ingangsdatum',
  number: 'Telefoonnummer',
  current_provider: 'Huidige aanbieder',
  contract_number: 'Contractnummer bij huidige aanbieder',
  wishedDate: 'Gewenste datum',
  text: 'Vraag',
} as const;

type Kind = AfnameRequestKind | 'porting';

/** A date field's day: required, and not before today (docs/requests.md, 'Kinds'). */
const dateProblem = (value: string, label: string): string | undefined => {
  if (value === '') return required(label);
  if (!ISO_DATE.test(value)) return 'Vul een geldige datum in (dd-mm-jjjj).';
  return value < todayDateInput() ? REQUEST_MSG.dateInPast : undefined;
};

const validatorOf =
  (kind: Kind) =>
  (values: Values): FormikErrors<Values> => {
    const errors: FormikErrors<Values> = {};
    const need = (field: keyof Values, label: string) => {
      if (values[field].trim() === '') errors[field] = required(label);
    };
    switch (kind) {
      case 'block':
        if (values.reason === '') errors.reason = "Kies 'Verloren' of 'Gestolen'.";
        break;
      case 'new_sim':
        if (values.sim_type === 'esim') {
          need('email', LABEL.email);
          if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'Vul een geldig e-mailadres in.';
        } else {
          need('street', LABEL.street);
          need('zipcode', LABEL.zipcode);
          if (!errors.zipcode && !POSTCODE.test(values.zipcode.trim())) errors.zipcode = 'Vul een geldige postcode in, zoals 1234 AB.';
          need('city', LABEL.city);
        }
        break;
      case 'tariff_change': {
        if (values.article_id === '') errors.article_id = 'Kies een abonnement.';
        const date = dateProblem(values.date, LABEL.date);
        if (date) errors.date = date;
        break;
      }
      case 'porting': {
        need('number', LABEL.number);
        need('current_provider', LABEL.current_provider);
        need('contract_number', LABEL.contract_number);
        const date = dateProblem(values.date, LABEL.wishedDate);
        if (date) errors.date = date;
        break;
      }
      case 'question':
        need('text', LABEL.text);
        break;
      case 'unblock':
        break;
    }
    return errors;
  };

/** The details the kind sends (domain/requests.ts, RequestDetails), trimmed. */
const detailsOf = (kind: Kind, v: Values): NewRequest['details'] => {
  const t = (value: string) => value.trim();
  switch (kind) {
    case 'block':
      return { reason: v.reason as (typeof BLOCK_REASONS)[number], note: t(v.note) };
    case 'unblock':
      return { note: t(v.note) };
    case 'new_sim':
      return v.sim_type === 'esim'
        ? { sim_type: 'esim', email: t(v.email) }
        : { sim_type: 'physical', street: t(v.street), zipcode: t(v.zipcode).toUpperCase(), city: t(v.city), attention: t(v.attention) };
    case 'tariff_change':
      return { article_id: Number(v.article_id), date: v.date };
    case 'porting':
      return { number: t(v.number), current_provider: t(v.current_provider), contract_number: t(v.contract_number), date: v.date };
    case 'question':
      return { text: t(v.text) };
  }
};

/** A text field bound to the form by name, with its message once touched. */
function Field({ form, name, label, ...rest }: { form: FormikProps<Values>; name: keyof Values; label: string; required?: boolean; multiline?: boolean; type?: string; autoFocus?: boolean }) {
  const shown = form.touched[name] === true || form.submitCount > 0 ? form.errors[name] : undefined;
  return (
    <TextField
      name={name}
      label={label}
      fullWidth
      value={form.values[name]}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={shown !== undefined}
      helperText={shown}
      minRows={rest.multiline ? 3 : undefined}
      {...rest}
    />
  );
}

/** The other articles of the afname's article group, to change to (docs/requests.md, 'Kinds'). */
function ArticleChoice({ form, groupId, currentArticleId }: { form: FormikProps<Values>; groupId: number; currentArticleId: number }) {
  const { data, isLoading } = useGetArticlesQuery(groupId);
  const articles = data ? Object.values(data.entities).filter((article) => article.id !== currentArticleId) : [];
  const shown = form.touched.article_id === true || form.submitCount > 0 ? form.errors.article_id : undefined;
  return (
    <TextField
      select
      name="article_id"
      label={LABEL.article_id}
      required
      fullWidth
      value={form.values.article_id}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={shown !== undefined}
      helperText={shown ?? (!isLoading && articles.length === 0 ? 'Er is geen ander abonnement in deze artikelgroep.' : undefined)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{isLoading ? 'Laden...' : 'Kies een abonnement'}</option>
      {articles.map((article) => (
        <option key={article.id} value={article.id}>
          {article.name}
        </option>
      ))}
    </TextField>
  );
}

function DateInput({ form, label }: { form: FormikProps<Values>; label: string }) {
  const shown = form.touched.date === true || form.submitCount > 0 ? form.errors.date : undefined;
  return (
    <DateField
      name="date"
      label={label}
      required
      fullWidth
      min={todayDateInput()}
      value={form.values.date}
      onChange={(value) => {
        void form.setFieldTouched('date', true, false);
        void form.setFieldValue('date', value);
      }}
      error={shown !== undefined}
      helperText={shown}
    />
  );
}

/** The fields of each kind. */
function KindFields({ kind, form, groupId, articleId }: { kind: Kind; form: FormikProps<Values>; groupId: number; articleId: number }) {
  switch (kind) {
    case 'block': {
      const shown = form.submitCount > 0 ? form.errors.reason : undefined;
      return (
        <>
          <FormControl error={shown !== undefined} required>
            <FormLabel id="blokkeren-reden">{LABEL.reason}</FormLabel>
            <RadioGroup aria-labelledby="blokkeren-reden" name="reason" value={form.values.reason} onChange={form.handleChange}>
              {BLOCK_REASONS.map((reason) => (
                <FormControlLabel key={reason} value={reason} control={<Radio />} label={BLOCK_REASON_LABELS[reason]} />
              ))}
            </RadioGroup>
            {shown && <FormHelperText>{shown}</FormHelperText>}
          </FormControl>
          <Field form={form} name="note" label={LABEL.note} multiline />
        </>
      );
    }
    case 'unblock':
      return <Field form={form} name="note" label={LABEL.note} multiline autoFocus />;
    case 'new_sim':
      return (
        <>
          <FormControl>
            <FormLabel id="simkaart-soort">{LABEL.sim_type}</FormLabel>
            <RadioGroup aria-labelledby="simkaart-soort" name="sim_type" value={form.values.sim_type} onChange={form.handleChange} row>
              {SIM_TYPES.map((type) => (
                <FormControlLabel key={type} value={type} control={<Radio />} label={SIM_TYPE_LABELS[type]} />
              ))}
            </RadioGroup>
          </FormControl>
          {form.values.sim_type === 'esim' ? (
            <Field form={form} name="email" label={LABEL.email} type="email" required />
          ) : (
            <>
              <Field form={form} name="street" label={LABEL.street} required />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Field form={form} name="zipcode" label={LABEL.zipcode} required />
                <Field form={form} name="city" label={LABEL.city} required />
              </Stack>
              <Field form={form} name="attention" label={LABEL.attention} />
            </>
          )}
        </>
      );
    case 'tariff_change':
      return (
        <>
          <ArticleChoice form={form} groupId={groupId} currentArticleId={articleId} />
          <DateInput form={form} label={LABEL.date} />
        </>
      );
    case 'porting':
      return (
        <>
          <Field form={form} name="number" label={LABEL.number} required autoFocus />
          <Field form={form} name="current_provider" label={LABEL.current_provider} required />
          <Field form={form} name="contract_number" label={LABEL.contract_number} required />
          <DateInput form={form} label={LABEL.wishedDate} />
        </>
      );
    case 'question':
      return <Field form={form} name="text" label={LABEL.text} required multiline autoFocus />;
  }
}

const INTRO: Record<Kind, string> = {
  block: 'De simkaart wordt zo snel mogelijk geblokkeerd. Een blokkade kost niets.',
  unblock: 'Wij heffen de blokkade op zodra we de aanvraag hebben uitgevoerd.',
  new_sim: 'Kies een fysieke simkaart op een afleveradres of een eSIM per e-mail.',
  tariff_change: 'Kies het abonnement en de dag waarop het ingaat. Het huidige abonnement stopt de dag ervoor.',
  porting: 'Neem een nummer over van een andere aanbieder.',
  question: 'Stel je vraag over deze afname; het antwoord komt in de aanvraag.',
};

interface RequestDialogProps {
  kind: Kind;
  /** The afname asked about (every kind but porting). */
  serviceId?: number;
  /** The article group: of the afname, or the one the number moves into (porting). */
  groupId: number;
  /** The afname's article, which a tariff change leaves. */
  articleId?: number;
  /** Whom to name, e.g. 'Nummer 0612345678'. */
  subject?: string;
  onClose: () => void;
  /** The request as the server made it. */
  onSubmitted: (request: Request) => void;
}

/**
 * One request form in a dialog (docs/requests.md, 'Kinds'). The dialog takes one
 * `Idempotency-Key` when it opens and sends it with every submit, so a double click or a retry
 * after a lost answer makes one request.
 */
export function RequestDialog({ kind, serviceId, groupId, articleId = 0, subject, onClose, onSubmitted }: RequestDialogProps) {
  const id = useId();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [create] = useCreateRequestMutation();
  const initialValues = { ...emptyValues(), ...(kind === 'tariff_change' ? { date: firstOfNextMonth(todayDateInput()) } : {}) };

  const submit = async (values: Values) => {
    const body: NewRequest =
      kind === 'porting'
        ? { kind, article_group_id: groupId, details: detailsOf(kind, values) }
        : { kind, service_id: serviceId, details: detailsOf(kind, values) };
    const result = await create({ body, idempotencyKey });
    // A refusal is a toast in the server's words; the dialog stays, to correct or retry.
    if ('data' in result && result.data) onSubmitted(result.data);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-titel`} aria-describedby={`${id}-tekst`} fullWidth maxWidth="sm">
      <Formik initialValues={initialValues} validate={validatorOf(kind)} onSubmit={submit}>
        {(form) => (
          <Form noValidate>
            <DialogTitle id={`${id}-titel`}>{REQUEST_KIND_LABELS[kind]}</DialogTitle>
            <DialogContent>
              <DialogContentText id={`${id}-tekst`} sx={{ mb: 2 }}>
                {subject ? `${subject}. ${INTRO[kind]}` : INTRO[kind]}
              </DialogContentText>
              <Stack spacing={2}>
                <KindFields kind={kind} form={form} groupId={groupId} articleId={articleId} />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Annuleren</Button>
              <Button type="submit" variant="contained" disabled={form.isSubmitting}>
                Aanvragen
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

/** Copies the code; the browser may refuse (no clipboard), then the code stays to read. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      startIcon={<ContentCopyIcon />}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch(() => undefined);
      }}
    >
      {copied ? 'Gekopieerd' : 'Kopiëren'}
    </Button>
  );
}

function PukShown({ simNumber, puk }: { simNumber: string; puk: string }): ReactNode {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography>{`PUK-code van simkaart ${simNumber}:`}</Typography>
      <Typography component="p" aria-label="PUK-code" sx={{ fontSize: '2.5rem', fontFamily: 'monospace', letterSpacing: '0.1em', userSelect: 'all' }}>
        {puk}
      </Typography>
      <CopyButton text={puk} />
    </Stack>
  );
}

/**
 * 'PUK-code tonen' (docs/requests.md, 'PUK codes'): the password again, and a code with two-factor
 * login on. The code shown lives in this dialog's state only, and is gone when it closes.
 */
export function PukDialog({ serviceId, onClose }: { serviceId: number; onClose: () => void }) {
  const id = useId();
  const { data: twoFactor } = useGetTwoFactorQuery();
  const withCode = twoFactor?.enabled === true;
  const [showPuk] = useShowPukMutation();
  const [shown, setShown] = useState<{ simNumber: string; puk: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const validate = ({ password, code }: { password: string; code: string }) => ({
    ...(password === '' ? { password: required('Wachtwoord') } : {}),
    ...(withCode && code.trim() === '' ? { code: required('Code') } : {}),
  });

  const submit = async ({ password, code }: { password: string; code: string }) => {
    setRefusal(null);
    const call = showPuk({ serviceId, password, ...(withCode ? { code: code.trim() } : {}) });
    const result = await call;
    // The answer leaves the store at once: the code is kept nowhere but here.
    call.reset();
    if ('data' in result && result.data) setShown({ simNumber: result.data.sim_number, puk: result.data.puk });
    else setRefusal(serverMessage('error' in result ? result.error : undefined) ?? 'De PUK-code kon niet worden opgehaald.');
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-titel`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-titel`}>PUK-code tonen</DialogTitle>
      {shown ? (
        <>
          <DialogContent>
            <PukShown simNumber={shown.simNumber} puk={shown.puk} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              Sluiten
            </Button>
          </DialogActions>
        </>
      ) : (
        <Formik initialValues={{ password: '', code: '' }} validate={validate} onSubmit={submit}>
          {({ values, errors, touched, submitCount, isSubmitting, handleChange, handleBlur }) => {
            const message = (name: 'password' | 'code') => (touched[name] || submitCount > 0 ? errors[name] : undefined);
            return (
              <Form noValidate>
                <DialogContent>
                  <Stack spacing={2}>
                    <DialogContentText>
                      {withCode ? 'Vul je wachtwoord en de code uit je app in om de PUK-code te zien.' : 'Vul je wachtwoord in om de PUK-code te zien.'}
                    </DialogContentText>
                    {refusal && <Alert severity="error">{refusal}</Alert>}
                    <TextField
                      name="password"
                      type="password"
                      label="Wachtwoord"
                      autoComplete="current-password"
                      required
                      fullWidth
                      autoFocus
                      value={values.password}
                      onChange={handleChange}
                      onBlur={handleBlur}
                      error={message('password') !== undefined}
                      helperText={message('password')}
                    />
                    {withCode && (
                      <TextField
                        name="code"
                        label="Code"
                        autoComplete="one-time-code"
                        required
                        fullWidth
                        value={values.code}
                        onChange={handleChange}
                        onBlur={handleBlur}
                        error={message('code') !== undefined}
                        helperText={message('code')}
                        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      />
                    )}
                  </Stack>
                </DialogContent>
                <DialogActions>
                  <Button onClick={onClose}>Annuleren</Button>
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    Tonen
                  </Button>
                </DialogActions>
              </Form>
            );
          }}
        </Formik>
      )}
    </Dialog>
  );
}
