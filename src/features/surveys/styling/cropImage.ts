/** The crop step's output: the chosen square of the picture, drawn at the logo's default size, as PNG. */
import type { Area } from 'react-easy-crop';
import { DEFAULT_LOGO_CROP } from '@domain/survey/defaults';

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = source;
  });
}

export async function cropToPng(source: string, area: Area, output: { width: number; height: number } = DEFAULT_LOGO_CROP): Promise<Blob> {
  const image = await loadImage(source);
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The cropped image could not be made'))), 'image/png');
  });
}
