import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SessionRootState } from '../base/session';
import { type SessionTransport, withSession } from './baseQuery';

/** How much of a file has gone to the server, in bytes. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadArgs {
  /** Under /api, e.g. 'usage/import'. */
  url: string;
  /** The multipart field that carries the file. */
  field: string;
  file: File;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
}

const answerOf = (xhr: XMLHttpRequest): unknown => {
  try {
    return JSON.parse(xhr.responseText);
  } catch {
    return xhr.responseText;
  }
};

/**
 * One file POSTed as multipart with XMLHttpRequest, because fetch tells nothing of an upload's
 * progress. It carries the session's token as every fetch of the API does (baseQuery.ts), and
 * answers as fetchBaseQuery does: `{data}`, `{error: {status, data}}`, or a FETCH_ERROR without an answer.
 */
const xhrTransport: SessionTransport<UploadArgs> = ({ url, field, file, headers = {}, onProgress }, api, extraOptions) =>
  new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${url}`);
    const token = (api.getState() as SessionRootState).auth.token;
    if (token && !extraOptions?.anonymous) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const failed = (error: string) => resolve({ error: { status: 'FETCH_ERROR', error } satisfies FetchBaseQueryError });
    xhr.onload = () => {
      const data = answerOf(xhr);
      resolve(xhr.status >= 200 && xhr.status < 300 ? { data } : { error: { status: xhr.status, data } });
    };
    xhr.onerror = () => failed('TypeError: Failed to fetch');
    xhr.onabort = () => failed('AbortError: the upload was stopped');
    api.signal.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append(field, file);
    xhr.send(body);
  });

/** An upload with the session's rules: a fresh token first, a 401 ends the session and waits for a new login. */
export const uploadBaseQuery = withSession(xhrTransport);
