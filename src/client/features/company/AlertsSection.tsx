import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Form, Formik, type FormikErrors } from 'formik';
import { useState } from 'react';
import { ALERT_FIELDS, ALERT_KIND_LABELS, parseThreshold, type AlertKind, type AlertThresholdField } from '../../../domain/alerts';
import { formatDateTime, formatDecimal, formatEuro } from '../../../domain/format';
import { monthLabel, parseMonthKey } from '../../../domain/time';
import { usePermission } from '../../api/currentUserApi';
import { type DataColumn, DataTable, DataTablePagination } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import {
  type AlertSettings,
  type SentAlert,
  SENT_ALERTS_PAGE,
  useEditAlertSettingsMutation,
  useGetAlertSettingsQuery,
  useGetSentAlertsQuery,
} from './alertsApi';

const HEADING_ID = 'meldingen-titel';
const SENT_HEADING_ID = 'verzonden-meldingen-titel';

interface AlertFormValues {
  bundle_alerts: boolean;
  out_of_bundle_costs: string;
  number_data_gb: string;
  number_usage_costs: string;
  recipients: number[];
}

const THRESHOLD_FIELDS: { name: AlertThresholdField; unit: 'euro' | 'GB' }[] = [
  { name: 'out_of_bundle_costs', unit: 'euro' },
  { name: 'number_data_gb', unit: 'GB' },
  { name: 'number_usage_costs', unit: 'euro' },
];

/** An amount as the form shows it: Dutch decimal comma, empty for none. */
const typed = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

const formValues = (settings: AlertSettings): AlertFormValues => ({
  bundle_alerts: settings.bundle_alerts,
  out_of_bundle_costs: typed(settings.out_of_bundle_costs),
  number_data_gb: typed(settings.number_data_gb),
  number_usage_costs: typed(settings.number_usage_costs),
  recipients: settings.recipients.filter((r) => r.chosen).map((r) => r.id),
});

/** The server's rule (domain/alerts.ts): amounts of 0 or more, euros with 2 decimals, GB with 3. */
const validate = (values: AlertFormValues): FormikErrors<AlertFormValues> => {
  const errors: FormikErrors<AlertFormValues> = {};
  for (const { name } of THRESHOLD_FIELDS) {
    if (parseThreshold(values[name], ALERT_FIELDS[name].decimals) === undefined) errors[name] = ALERT_FIELDS[name].invalid;
  }
  return errors;
};

const amountOf = (value: string, field: AlertThresholdField) => {
  const parsed = parseThreshold(value, ALERT_FIELDS[field].decimals);
  return parsed === null || parsed === undefined ? null : Number(parsed);
};

/** Exact decimal text in Dutch notation, with the decimals it has. */
const dutch = (value: string) => formatDecimal(value, value.split('.')[1]?.length ?? 0);

const UNITS: Record<AlertKind, (value: string) => string> = {
  bundle_80: (v) => `${dutch(v)} %`,
  bundle_100: (v) => `${dutch(v)} %`,
  out_of_bundle_costs: formatEuro,
  number_data: (v) => `${dutch(v)} GB`,
  number_usage_costs: formatEuro,
};

/** The numbers of a per-number alert: all of them up to ten, else the first ten and how many more. */
const numbersText = (alert: SentAlert) => {
  const more = alert.number_count - alert.numbers.length;
  return more > 0 ? `${alert.numbers.join(', ')} en ${formatDecimal(more, 0)} andere` : alert.numbers.join(', ');
};

const alertText = (alert: SentAlert) => {
  const month = parseMonthKey(alert.month);
  const about = alert.number_count > 0 ? `${ALERT_KIND_LABELS[alert.kind]}: ${numbersText(alert)}` : ALERT_KIND_LABELS[alert.kind];
  return month ? `${about} (${monthLabel(month)})` : about;
};

/** The figure; of several numbers, the highest. */
const valueText = (alert: SentAlert) => `${alert.number_count > 1 ? 'hoogste ' : ''}${UNITS[alert.kind](alert.value)}`;

const sentColumns: DataColumn<SentAlert>[] = [
  { header: 'Datum', cell: (alert) => formatDateTime(alert.created_at) },
  { header: 'Melding', cell: alertText },
  { header: 'Drempel', align: 'right', cell: (alert) => UNITS[alert.kind](alert.threshold) },
  { header: 'Waarde', align: 'right', cell: valueText },
  { header: 'Ontvangers', cell: (alert) => (alert.recipients.length > 0 ? alert.recipients.join(', ') : '–'), sx: { overflowWrap: 'anywhere' } },
];

function AlertSettingsForm({ settings, mayEdit }: { settings: AlertSettings; mayEdit: boolean }) {
  const [editAlertSettings] = useEditAlertSettingsMutation();

  const submit = async (values: AlertFormValues) => {
    // A refusal is reported by the endpoint's toast; the form keeps what was typed.
    await editAlertSettings({
      bundle_alerts: values.bundle_alerts,
      out_of_bundle_costs: amountOf(values.out_of_bundle_costs, 'out_of_bundle_costs'),
      number_data_gb: amountOf(values.number_data_gb, 'number_data_gb'),
      number_usage_costs: amountOf(values.number_usage_costs, 'number_usage_costs'),
      recipients: values.recipients,
    })
      .unwrap()
      .catch(() => undefined);
  };

  return (
    <Formik initialValues={formValues(settings)} enableReinitialize validate={validate} validateOnBlur={false} onSubmit={submit}>
      {({ values, errors, submitCount, isSubmitting, handleChange, setFieldValue }) => (
        <Form noValidate aria-label="Meldingen instellen">
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <FormControlLabel
              control={<Checkbox name="bundle_alerts" checked={values.bundle_alerts} onChange={handleChange} disabled={!mayEdit} />}
              label="Meld het verbruik van de groepsbundel bij 80 % en 100 %"
            />
            <Typography variant="body2" color="text.secondary">
              De drempels gelden per kalendermaand; laat een veld leeg voor geen melding. De drempels per nummer gelden voor elk nummer van je bedrijf. Bedragen excl. btw.
            </Typography>
            {THRESHOLD_FIELDS.map(({ name, unit }) => {
              const error = submitCount > 0 ? errors[name] : undefined;
              return (
                <TextField
                  key={name}
                  name={name}
                  label={ALERT_FIELDS[name].label}
                  inputMode="decimal"
                  value={values[name]}
                  onChange={handleChange}
                  disabled={!mayEdit}
                  error={Boolean(error)}
                  helperText={error}
                  slotProps={{
                    input:
                      unit === 'euro'
                        ? { startAdornment: <InputAdornment position="start">€</InputAdornment> }
                        : { endAdornment: <InputAdornment position="end">GB</InputAdornment> },
                  }}
                />
              );
            })}
            <FormControl component="fieldset" disabled={!mayEdit}>
              <FormLabel component="legend">Ontvangers</FormLabel>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Kies je niemand, dan ontvangen alle actieve gebruikers van je bedrijf met een e-mailadres de meldingen.
              </Typography>
              <FormGroup>
                {settings.recipients.map((person) => (
                  <FormControlLabel
                    key={person.id}
                    sx={{ overflowWrap: 'anywhere' }}
                    control={
                      <Checkbox
                        checked={values.recipients.includes(person.id)}
                        onChange={(_event, checked) =>
                          void setFieldValue(
                            'recipients',
                            checked ? [...values.recipients, person.id] : values.recipients.filter((id) => id !== person.id),
                          )
                        }
                      />
                    }
                    label={`${person.name} (${person.email})`}
                  />
                ))}
              </FormGroup>
            </FormControl>
            {mayEdit && (
              <Box>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  Opslaan
                </Button>
              </Box>
            )}
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function SentAlerts() {
  const [page, setPage] = useState(0);
  const { data, isLoading, isError, isFetching } = useGetSentAlertsQuery(page);
  const rows = data?.data ?? [];
  return (
    <Box>
      <Typography variant="h3" id={SENT_HEADING_ID} sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        Verzonden meldingen
      </Typography>
      <TableStates
        isLoading={isLoading}
        isError={isError}
        errorText="De verzonden meldingen konden niet worden geladen. Probeer het later opnieuw."
        isEmpty={rows.length === 0}
        emptyText="Er zijn nog geen meldingen verzonden."
      >
        <DataTable
          labelledBy={SENT_HEADING_ID}
          columns={sentColumns}
          rows={rows}
          rowKey={(alert) => alert.id}
          busy={isFetching}
          footer={
            (data?.total ?? 0) > SENT_ALERTS_PAGE ? (
              <DataTablePagination count={data!.total} page={page} onPageChange={setPage} rowsPerPage={SENT_ALERTS_PAGE} />
            ) : undefined
          }
        />
      </TableStates>
    </Box>
  );
}

/**
 * 'Meldingen' on Mijn bedrijf (docs/usage.md, 'Alerts'): when the company's people are mailed about its usage
 * (the group bundle at 80 % and 100 %, its own thresholds), who receives it, and what was sent.
 */
export function AlertsSection() {
  const mayList = usePermission('LIST_USERS');
  const mayEdit = usePermission('CREATE_USER');
  const { data: settings, isLoading, isError } = useGetAlertSettingsQuery(mayList ? undefined : skipToken);

  return (
    <Section id={HEADING_ID} title="Meldingen">
      {!mayList ? (
        <Typography>Je hebt geen rechten om de meldingen te bekijken.</Typography>
      ) : (
        <Stack spacing={4}>
          <TableStates
            isLoading={isLoading}
            isError={isError}
            errorText="De meldingen konden niet worden geladen. Probeer het later opnieuw."
          >
            {settings && <AlertSettingsForm settings={settings} mayEdit={mayEdit} />}
          </TableStates>
          <SentAlerts />
        </Stack>
      )}
    </Section>
  );
}
