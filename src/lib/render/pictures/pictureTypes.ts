/** The files a picture is published as, and their media types (the build's and a server's alike). */

/** The two files of a picture. */
export type PictureFormat = 'svg' | 'csv';

/** The media type of a picture's file. */
export const PICTURE_TYPES: Record<PictureFormat, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
