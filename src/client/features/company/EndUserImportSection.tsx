import { Link, Typography } from '@mui/material';
import { saveCsv } from '../../base/download';
import { CsvUploadForm, RefusedLines } from '../../components/CsvUploadForm';
import { Section } from '../../components/Section';
import { useGetEndUserTemplateMutation, useImportEndUsersMutation } from './companyApi';

const HEADING_ID = 'eindgebruikers-importeren-titel';

function TemplateLink() {
  const [getTemplate, { isLoading }] = useGetEndUserTemplateMutation();

  // A failure is reported by the error toasts; the file itself never stays in the store.
  const download = async () => {
    const text = await getTemplate()
      .unwrap()
      .catch(() => null);
    if (text !== null) saveCsv(text, 'template.csv');
  };

  return (
    <Link component="button" type="button" onClick={download} disabled={isLoading} sx={{ verticalAlign: 'baseline', fontWeight: 600 }}>
      template.csv
    </Link>
  );
}

/**
 * CSV import of end users (docs/screens.md, 'End users'): idle or importing; the outcome is a toast.
 * The import is all or nothing, so refused lines are listed for the user to correct.
 */
export function EndUserImportSection() {
  const [importEndUsers] = useImportEndUsersMutation();

  return (
    <Section id={HEADING_ID} title="Eindgebruikers importeren">
      <Typography sx={{ mb: 2 }}>
        Voeg eindgebruikers in één keer toe met een CSV-bestand met de kolommen voornaam en achternaam, gescheiden door een
        puntkomma. Gebruik het voorbeeldbestand <TemplateLink /> als begin.
      </Typography>
      <CsvUploadForm
        labelledBy={HEADING_ID}
        fileLabel="CSV-bestand met eindgebruikers"
        upload={(file) => importEndUsers(file).unwrap()}
        outcome={(outcome) => <RefusedLines outcome={outcome} />}
      />
    </Section>
  );
}
