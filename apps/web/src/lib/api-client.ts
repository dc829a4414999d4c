import type { ApiError as ApiErrorBody } from '@tribeverse/shared';
import { readToken } from './storage';

/** A failed call: status plus the server's `{code, msg}`; a network failure has status 0. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** A suspended sign-in's token to appeal with (POST /api/appeals/suspension). */
    readonly appealToken?: string,
  ) {
    super(message);
  }
  get isNetworkError() {
    return this.status === 0;
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();
/** The auth provider listens so that a revoked session anywhere signs the tab out. */
export const onUnauthorized = (listener: Listener) => {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (e.g. right after registration). */
  token?: string | null;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    /* not JSON */
  }
  return new ApiError(
    response.status,
    body.code ?? 'HTTP_ERROR',
    body.msg ?? response.statusText ?? 'Request failed',
    body.field,
    body.appeal_token,
  );
}

/** Every call to the server: base /api, bearer token when one is stored, `{code, msg}` errors thrown as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token === undefined ? readToken() : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Check your internet connection');
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && token) unauthorizedListeners.forEach((l) => l(error));
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Multipart upload with progress (fetch cannot report upload progress). */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  options: { method?: 'POST' | 'PATCH'; onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path));
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Check your internet connection'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* empty */
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const err = (body ?? {}) as Partial<ApiErrorBody>;
      const error = new ApiError(xhr.status, err.code ?? 'HTTP_ERROR', err.msg ?? 'Request failed', err.field);
      if (xhr.status === 401 && token) unauthorizedListeners.forEach((l) => l(error));
      reject(error);
    };
    xhr.send(form);
  });
}
