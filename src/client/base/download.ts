/** Saves a file the browser holds under an object URL, then releases the URL. */
export const saveObjectUrl = (url: string, fileName: string): void => {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** Saves generated content as a file in the browser's downloads. */
export const downloadFile = (contents: BlobPart, fileName: string, type: string): void =>
  saveObjectUrl(URL.createObjectURL(new Blob([contents], { type })), fileName);

const BOM = '\uFEFF';

/**
 * Saves a CSV answer under its name. Decoding the answer as text drops the UTF-8 BOM that
 * Excel in a Dutch locale needs (docs/rules.md, 'Files'), so it is put back.
 */
export const saveCsv = (text: string, fileName: string) =>
  downloadFile(text.startsWith(BOM) ? text : `${BOM}${text}`, fileName, 'text/csv;charset=utf-8');

/**
 * The responseHandler of a binary download (an .xlsx): the answer's Blob under an object URL,
 * for saveObjectUrl. The store keeps that string, not the Blob (state and actions stay
 * serializable); an error answer is read as JSON for the toast.
 */
export const objectUrlOrError = async (response: Response): Promise<unknown> =>
  response.ok ? URL.createObjectURL(await response.blob()) : response.json();

/** The responseHandler of a CSV download: the answer's text, or an error answer read as JSON for the toast. */
export const textOrError = (response: Response): Promise<unknown> => (response.ok ? response.text() : response.json());
