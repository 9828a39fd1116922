/** Offline snapshots of the built site (docs/design.md §8). */
export { fileCsp } from './fileCsp.ts';
export { folderSource, readFolder, referenceFiles, writeAtomically } from './files.ts';
export { byBytes } from '../input/folderWalk.ts';
export {
  checkManifest,
  hasManifest,
  makeManifest,
  MANIFEST,
  parseManifest,
  sha256Digits,
  type FileSource,
  type ManifestFinding,
} from './manifest.ts';
export { contentType } from './mime.ts';
export { shortHash, snapshotName, type SnapshotInfo } from './name.ts';
export { snapshotReadme } from './readme.ts';
export { decodePath, isExternal, relativeHref, relativePath, resolveHref } from './relativeHref.ts';
export { rewriteCss } from './rewriteCss.ts';
export { decodeEntities, rewriteHtml, rewriteRefresh, rewriteSrcset } from './rewriteHtml.ts';
export { siteStamp, snapshotFiles, type SnapshotFiles } from './snapshot.ts';
export {
  captureTime,
  cdxTimestamp,
  INDEX_PATH,
  makeWacz,
  PAGES_PATH,
  htmlTitle,
  recordId,
  siteUrl,
  WACZ_VERSION,
  WARC_PATH,
  type Wacz,
} from './wacz.ts';
export { makeZip, readZip, zipFileSource, zipTime, type ZipEntry } from './zip.ts';
