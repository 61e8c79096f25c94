import { act } from '@testing-library/react';

/** An upload as the fake XMLHttpRequest saw it. */
export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The multipart form's fields. */
  form: FormData | null;
}

/**
 * Replaces XMLHttpRequest (which the portal uses for uploads, for their progress) with one that
 * sends through `fetch`, so that the test's mockServer routes answer it as they answer every other
 * call. `progress(loaded, total)` reports upload progress of the upload that is on its way.
 * Answers the uploads it saw.
 */
export const mockUploads = () => {
  const sent: SentUpload[] = [];
  const onTheirWay = new Set<FakeXhr>();

  class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload: { onprogress: ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: SentUpload = { method: 'GET', url: '', headers: {}, form: null };

    open(method: string, url: string) {
      this.request = { method, url, headers: {}, form: null };
    }

    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }

    send(body: FormData | null) {
      this.request.form = body;
      sent.push(this.request);
      onTheirWay.add(this);
      const { method, url, headers } = this.request;
      fetch(url, { method, headers }).then(
        async (response) => {
          this.status = response.status;
          this.responseText = await response.text();
          onTheirWay.delete(this);
          this.onload?.();
        },
        () => {
          onTheirWay.delete(this);
          this.onerror?.();
        },
      );
    }

    abort() {
      this.onabort?.();
    }
  }

  Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
  return {
    sent,
    progress: (loaded: number, total: number) =>
      act(() => {
        for (const xhr of onTheirWay) xhr.upload.onprogress?.({ lengthComputable: true, loaded, total });
      }),
  };
};
