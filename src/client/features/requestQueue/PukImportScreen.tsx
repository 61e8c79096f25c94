import { Alert, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDecimal } from '../../../domain/format';
import { CsvUploadForm, RefusedLines, type UploadOutcome } from '../../components/CsvUploadForm';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Section } from '../../components/Section';
import { type PukImportAnswer, useImportPukCodesMutation } from './requestQueueApi';
import { requestQueuePaths } from './requestQueuePaths';

const HEADING_ID = 'puk-codes-importeren-titel';

/** How many codes came in, or which lines were refused (contract of a 400 answer: `errors: [{line, message}]`). */
function Outcome({ outcome }: { outcome: UploadOutcome<PukImportAnswer> }) {
  if (outcome.ok) {
    const { imported } = outcome.answer;
    return (
      <Alert severity="success" role="status" sx={{ mt: 2 }}>
        {`${formatDecimal(imported, 0)} ${imported === 1 ? 'PUK-code' : 'PUK-codes'} geïmporteerd.`}
      </Alert>
    );
  }
  return <RefusedLines outcome={outcome} />;
}

/**
 * /mer-aanvragen/puk-codes-importeren: the PUK codes of the SIMs, from a CSV file, all or nothing
 * (docs/requests.md, 'PUK codes'). A refusal is also a toast, in the server's words.
 */
export function PukImportScreen() {
  const [importPukCodes] = useImportPukCodesMutation();
  return (
    <>
      <Link component={RouterLink} to={requestQueuePaths.queue()} sx={{ display: 'inline-block', mb: 2 }}>
        Terug naar de aanvragen
      </Link>
      <ScreenTitle>PUK-codes importeren</ScreenTitle>
      <Section id={HEADING_ID} title="Bestand kiezen">
        <Typography sx={{ mb: 2 }}>
          Importeer de PUK-codes van de simkaarten met een CSV-bestand met de kolommen &apos;SIM nummer&apos; en &apos;PUK&apos;. Klopt één
          regel niet, dan wordt niets geïmporteerd en zie je welke regels je moet aanpassen.
        </Typography>
        <CsvUploadForm
          labelledBy={HEADING_ID}
          fileLabel="CSV-bestand met PUK-codes"
          upload={(file) => importPukCodes(file).unwrap()}
          outcome={(outcome) => <Outcome outcome={outcome} />}
        />
      </Section>
    </>
  );
}
