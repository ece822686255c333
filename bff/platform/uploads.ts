/**
 * Reading an upload's multipart body (a data import, a survey logo) as it arrives (busboy). The
 * small fields (`options`, `companyId`) come first; the file part is handed over as a stream the
 * moment it begins, so the parser reads it while it is still being received. Nothing is buffered
 * here.
 */
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import { MB } from '@domain/limits';
import { apiError, type HttpError } from './errors';
import { assertStorable } from './storable';

/** 400 invalid_file: the file cannot be read; `message` names the problem (and the row, when there is one). */
export function invalidFile(message: string): HttpError {
  return apiError('invalid_file', { message });
}

/** 413 import_too_large, with the configured limit in the message. */
export function importTooLarge(maxBytes: number): HttpError {
  const size = maxBytes >= MB ? `${Math.round((maxBytes / MB) * 10) / 10} MB` : `${maxBytes} bytes`;
  return apiError('import_too_large', { message: `The file must be at most ${size}.` });
}

/** The multipart boundaries, part headers and small fields around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const FIELD_MAX_BYTES = 32 * 1024;
const MAX_FIELDS = 8;
/** What may be read and thrown away after an answer is decided; a sender that goes on past this is cut off. */
const DISCARD_MAX_FACTOR = 2;

export const FILE_FIELD = 'file';

export interface ReceivedFile {
  /** The name the browser sent (never used as a path). */
  fileName: string;
  /** The file's bytes. Fails with 413 import_too_large past maxBytes. */
  stream: Readable;
}

export interface Upload {
  /** The text fields sent before the file. */
  fields: Record<string, string>;
  file: ReceivedFile;
  /** Settles when the whole request body has been read. */
  finished: Promise<void>;
  /**
   * Stops parsing the request and throws the rest of it away; settles once the request has been
   * read to its end (or cut off past a bound). Answering only then lets a client that is still
   * sending read the answer: a client that asked for `Connection: close` would otherwise have
   * the connection closed under its upload.
   */
  release(): Promise<void>;
}

/** Counts the file's bytes and fails the stream at the first byte past the limit. */
class ByteLimit extends Transform {
  private received = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes) return done(importTooLarge(this.maxBytes));
    done(null, chunk);
  }
}

/** A busboy failure in our words: a form cut short is the client's, never a 500. */
function describeMultipartFailure(failure: unknown): Error {
  const message = failure instanceof Error ? failure.message : String(failure);
  if (/unexpected end of (form|file)/i.test(message)) return apiError('request_aborted');
  return invalidFile(`The upload could not be read as multipart/form-data: ${message}.`);
}

/** Why a form field sent before the file is refused, or null when it is kept. */
function fieldRefusal(name: string, value: string, info: busboy.FieldInfo): HttpError | null {
  if (info.valueTruncated) {
    return apiError('validation_failed', { error: `The field ${name} is too long`, message: `The field ${name} must be at most ${FIELD_MAX_BYTES} bytes.` });
  }
  try {
    // A field is a key of `fields`, and its value may be JSON (the import's options), parsed and checked again there.
    assertStorable({ [name]: value });
    return null;
  } catch (refusal) {
    return refusal as HttpError;
  }
}

/**
 * Reads and drops what is left of a body the server no longer wants, so that its answer reaches the
 * client; a sender that goes on far past the limit is cut off.
 */
function discardRest(req: IncomingMessage, maxBytes: number): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  const drained = new Promise<void>((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
  });
  let discarded = 0;
  const limit = maxBytes * DISCARD_MAX_FACTOR + MULTIPART_OVERHEAD_BYTES;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limit) req.destroy();
  });
  req.resume();
  return drained;
}

/**
 * Starts reading the request and resolves when the `file` part begins (with the fields sent
 * before it). Fails when the body is not multipart, ends without a file, or breaks off.
 */
export function receiveUpload(req: IncomingMessage, maxBytes: number): Promise<Upload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send file names in UTF-8.
      defParamCharset: 'utf8',
      // One byte over the limit is enough for ByteLimit to refuse the file.
      limits: { files: 1, fileSize: maxBytes + 1, fields: MAX_FIELDS, fieldSize: FIELD_MAX_BYTES, parts: MAX_FIELDS + 2 },
    });
  } catch {
    return Promise.reject(invalidFile(`Send the file as multipart/form-data in the field "${FILE_FIELD}".`));
  }

  const fields: Record<string, string> = {};
  let released = false;
  let settleFinished!: { resolve: () => void; reject: (failure: Error) => void };
  const finished = new Promise<void>((resolve, reject) => (settleFinished = { resolve, reject }));
  // Nobody may be waiting on it when a failure comes first; the failure is reported elsewhere.
  finished.catch(() => undefined);

  let drained: Promise<void> | null = null;
  const release = () => {
    if (drained) return drained;
    released = true;
    req.unpipe(parser);
    parser.removeAllListeners('file');
    return (drained = discardRest(req, maxBytes));
  };

  return new Promise<Upload>((resolve, reject) => {
    let fileSeen = false;
    parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
      if (fileSeen) return;
      const refusal = fieldRefusal(name, value, info);
      if (refusal) {
        reject(refusal);
        void release();
        return;
      }
      fields[name] = value;
    });
    parser.on('file', (name: string, stream: Readable, info: busboy.FileInfo) => {
      if (name !== FILE_FIELD || fileSeen) {
        stream.resume();
        return;
      }
      fileSeen = true;
      const limited = new ByteLimit(maxBytes);
      stream.on('error', (failure: unknown) => limited.destroy(describeMultipartFailure(failure)));
      limited.on('close', () => {
        // Ended, or the limit or the consumer gave up: stop feeding it, keep the form parser going.
        stream.unpipe(limited);
        stream.resume();
      });
      stream.pipe(limited);
      resolve({ fields, file: { fileName: info.filename ?? '', stream: limited }, finished, release });
    });
    parser.on('error', (failure: unknown) => {
      const described = describeMultipartFailure(failure);
      reject(described);
      settleFinished.reject(described);
      void release();
    });
    parser.on('close', () => {
      settleFinished.resolve();
      if (!fileSeen) reject(invalidFile(`The upload has no file: send it in the field "${FILE_FIELD}".`));
    });
    req.on('close', () => {
      if (!req.complete && !released) parser.destroy(new Error('Unexpected end of form'));
    });
    req.pipe(parser);
  });
}
