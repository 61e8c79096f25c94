/** Saves generated content as a file in the browser's downloads. */
export const downloadFile = (contents: BlobPart, fileName: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

const BOM = '\uFEFF';

/**
 * Saves a CSV answer under its name. Decoding the answer as text drops the UTF-8 BOM that
 * Excel in a Dutch locale needs (decisions section 11), so it is put back.
 */
export const saveCsv = (text: string, fileName: string) =>
  downloadFile(text.startsWith(BOM) ? text : `${BOM}${text}`, fileName, 'text/csv;charset=utf-8');
