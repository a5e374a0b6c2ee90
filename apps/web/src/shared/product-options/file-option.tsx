import {
  checkUploadCandidate,
  formatFileSize,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_FILES,
  type UploadProblem,
  uploadedFileIds,
} from '@shop/domain';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import fieldStyles from '../forms/field.module.css';
import { FieldError, FieldHint, FieldLabel, useFieldA11y } from '../forms/field-error.tsx';
import { useT } from '../i18n/use-t.ts';
import { Button } from '../ui/button.tsx';
import type { KnownFiles, OptionControlProps, UploadedFile } from './option-rules.ts';
import styles from './product-options.module.css';
import { UploadError, uploadFiles } from './upload-files.ts';

export interface FileOptionProps extends OptionControlProps {
  optionId: number;
  /** The uploaded file ids, comma-separated. */
  value: string;
  /** Names and sizes of files uploaded before (to list them). */
  files: KnownFiles;
  /** Called with each upload's files before onChange, so their names can be kept. */
  onUploaded: (files: UploadedFile[]) => void;
  /** Upload to this order (an incident form) instead of the cart's quote. */
  orderId?: string | undefined;
}

const PROBLEM_KEYS = {
  too_large: 'productOptions.uploadTooLarge',
  bad_type: 'productOptions.uploadBadType',
  empty: 'productOptions.uploadEmpty',
} as const satisfies Record<UploadProblem, string>;

/**
 * A file option: PDF, JPEG or PNG up to 10 MB, checked before sending (the same
 * messages as the server's), uploaded with a visible <progress> and a polite
 * live percentage, then listed with a remove button. The value keeps the ids.
 */
export function FileOption({
  optionId,
  label,
  value,
  onChange,
  files,
  onUploaded,
  hint,
  error,
  optionalText,
  orderId,
}: FileOptionProps) {
  const t = useT();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [announced, setAnnounced] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const shownError = problem ?? error;
  const allHints = [hint, t('productOptions.uploadHint')].filter(Boolean).join(' ');
  const { inputId, hintId, errorId, aria } = useFieldA11y({ hint: allHints, error: shownError });
  const progressId = `${inputId}-progress`;
  const ids = uploadedFileIds(value);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (chosen: File[]) => {
    if (chosen.length > UPLOAD_MAX_FILES) return setProblem(t('productOptions.uploadTooMany'));
    for (const file of chosen) {
      const refused = checkUploadCandidate(file);
      if (refused) return setProblem(`${file.name}: ${t(PROBLEM_KEYS[refused])}`);
    }
    setProblem(null);
    const name = chosen.map((file) => file.name).join(', ');
    controller.current = new AbortController();
    let lastAnnounced = -1;
    const onProgress = (percent: number) => {
      setProgress({ name, percent });
      // Screen readers hear every 10 %, not every event.
      const step = Math.floor(percent / 10) * 10;
      if (step !== lastAnnounced) {
        lastAnnounced = step;
        setAnnounced(t('productOptions.uploading', { name, percent: step }));
      }
    };
    try {
      const uploaded = await uploadFiles({
        optionId,
        orderId,
        files: chosen,
        onProgress,
        signal: controller.current.signal,
      });
      onUploaded(uploaded);
      onChange([...ids, ...uploaded.map((file) => file.id)].join(','));
      setAnnounced(t('productOptions.uploaded', { name: uploaded.map((file) => file.name).join(', ') }));
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      const message = failure instanceof UploadError ? failure.serverMessage : null;
      setProblem(message ?? t('productOptions.uploadFailed'));
      setAnnounced('');
    } finally {
      setProgress(null);
    }
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so the same file can be chosen again after a refusal.
    event.target.value = '';
    if (chosen.length > 0) void upload(chosen);
  };

  return (
    <div className={fieldStyles.field}>
      <FieldLabel htmlFor={inputId} label={label} optionalText={optionalText} />
      <FieldHint id={hintId} hint={allHints} />
      <input
        type="file"
        id={inputId}
        name={`option-${optionId}`}
        accept={UPLOAD_ACCEPT}
        multiple
        disabled={progress !== null}
        className={styles.fileInput}
        onChange={onInput}
        {...aria}
      />
      {progress ? (
        <div className={styles.progress}>
          <label htmlFor={progressId} className={fieldStyles.hint}>
            {t('productOptions.uploading', { name: progress.name, percent: progress.percent })}
          </label>
          <progress id={progressId} max={100} value={progress.percent} />
        </div>
      ) : null}
      <p role="status" aria-live="polite" className={styles.liveStatus}>
        {announced}
      </p>
      {ids.length > 0 ? (
        <ul className={styles.files} aria-label={t('productOptions.uploadedFiles')}>
          {ids.map((id) => {
            const file = files[id];
            const name = file?.name ?? `#${id}`;
            return (
              <li key={id} className={styles.file}>
                <span className={styles.fileName}>
                  {name}{' '}
                  {file ? <span className={styles.fileSize}>({formatFileSize(file.size)})</span> : null}
                </span>
                <Button
                  variant="text"
                  aria-label={t('productOptions.removeFile', { name })}
                  onClick={() => onChange(ids.filter((other) => other !== id).join(','))}
                >
                  {t('common.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <FieldError id={errorId} message={shownError} />
    </div>
  );
}
