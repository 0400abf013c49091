import type { Extension } from '@facet/shared';
import { type ReactElement, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { noticeDuration } from '../../api/notice-rules';
import { useRefreshExtensions, useUploadExtension } from '../../queries/extensions';
import { notifyError, notifySuccess } from '../../stores/notice';
import { readBase64 } from '../browser-import/files';
import { checkBeforeUpload, EXTENSION_FILE_ACCEPT, refusalText, uploadRefusalOf } from './upload-rules';

export interface UploadProgress {
  fileName: string;
  /** 1-based position of the file among the picked ones. */
  index: number;
  total: number;
  phase: 'reading' | 'uploading';
  /** How much of the file is read, 0..1. */
  read: number;
}

export interface ExtensionUpload {
  /** Opens the file picker. */
  pick: () => void;
  /** The hidden file input; render it once. */
  input: ReactElement;
  progress: UploadProgress | null;
}

/**
 * Uploading picked .zip/.crx packages one after another: each is checked, read as base64 and
 * sent; a refusal shows its reason in the user's language, the others go on. The lists are
 * refreshed once after the last.
 */
export function useExtensionUpload(onUploaded: (list: Extension[]) => void): ExtensionUpload {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const send = useUploadExtension();
  const refresh = useRefreshExtensions();

  const refuse = (fileName: string, reason: string) => {
    const text = t('extensions.upload.failed', { name: fileName, reason });
    notifyError(text, noticeDuration(text));
  };

  const uploadOne = async (file: File, at: Omit<UploadProgress, 'phase' | 'read'>): Promise<Extension | null> => {
    const early = checkBeforeUpload(file);
    if (early) {
      refuse(file.name, refusalText(t, early));
      return null;
    }
    let content: string;
    try {
      setProgress({ ...at, phase: 'reading', read: 0 });
      content = await readBase64(file, (read) => setProgress({ ...at, phase: 'reading', read }));
    } catch {
      refuse(file.name, t('extensions.upload.readFailed'));
      return null;
    }
    setProgress({ ...at, phase: 'uploading', read: 1 });
    try {
      return await send.mutateAsync({ fileName: file.name, content });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      // A lost session, a permission refusal: the client already acted on it.
      if (e.handled) return null;
      const refusal = uploadRefusalOf(e.serverMessage, e.status);
      refuse(file.name, refusal ? refusalText(t, refusal) : e.message);
      return null;
    }
  };

  const upload = async (files: File[]) => {
    const done: Extension[] = [];
    try {
      for (const [i, file] of files.entries()) {
        const ext = await uploadOne(file, { fileName: file.name, index: i + 1, total: files.length });
        if (ext) done.push(ext);
      }
    } finally {
      setProgress(null);
    }
    if (!done.length) return;
    void refresh();
    const first = done[0]!;
    notifySuccess(
      done.length === 1
        ? t('extensions.upload.done', { name: first.name, version: first.version })
        : t('extensions.upload.doneMany', { count: done.length }),
    );
    onUploaded(done);
  };

  const input = (
    <input
      ref={ref}
      type="file"
      accept={EXTENSION_FILE_ACCEPT}
      multiple
      hidden
      data-testid="extension-file-input"
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        // The same file may be picked again after a fix.
        e.target.value = '';
        if (files.length) void upload(files);
      }}
    />
  );
  return { pick: () => ref.current?.click(), input, progress };
}
