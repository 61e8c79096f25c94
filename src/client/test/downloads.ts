/** An .xlsx answer; the test Response (test/jsdomGlobals.ts) reads text only, so it gets blob() here. */
export const xlsxResponse = () =>
  Object.assign(new Response('PK', { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }), {
    blob: async () => new Blob(['PK']),
  });

/** Saves through an anchor's click (base/download.ts): the file names and the object URLs saved and released. */
export const spyOnSaves = (objectUrl: string) => {
  const saved: { fileName: string; href: string }[] = [];
  const revoked: string[] = [];
  Object.assign(URL, { createObjectURL: () => objectUrl, revokeObjectURL: (url: string) => revoked.push(url) });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, href: this.href });
  });
  return { saved, revoked, restore: () => click.mockRestore() };
};
