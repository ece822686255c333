/**
 * Stored files' public face: routes, the image checks and storage other modules use, file URLs.
 */
export { createFileRouter } from './routes';
export { type CheckedImage, checkImage, createFileService, createStoredImage, deleteStoredFile, IMAGE_UPLOAD_MAX_BYTES, imageTypeOf } from './service';
export { fileUrl } from './urls';
