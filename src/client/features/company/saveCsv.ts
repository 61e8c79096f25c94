import { downloadFile } from '../../app/download';

const BOM = '\uFEFF';

/**
 * Saves a CSV answer under its name. Decoding the answer as text drops the UTF-8 BOM that
 * Excel in a Dutch locale needs (decisions section 11), so it is put back.
 */
export const saveCsv = (text: string, fileName: string) =>
  downloadFile(text.startsWith(BOM) ? text : `${BOM}${text}`, fileName, 'text/csv;charset=utf-8');
