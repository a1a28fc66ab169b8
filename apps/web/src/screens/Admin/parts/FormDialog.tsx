import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AnimationField } from './AnimationField';
import { ImageField } from './ImageField';

export interface Field {
  name: string;
  label: string;
  /** `image`: an address typed or uploaded, with a preview; `animation`: the same for a Lottie file. */
  kind?: 'text' | 'textarea' | 'number' | 'password' | 'select' | 'image' | 'animation';
  options?: { value: string; label: string }[];
  placeholder?: string;
  initial?: string;
  hint?: string;
}

export interface DialogSpec {
  title: string;
  description?: string;
  fields: Field[];
  confirm: string;
  danger?: boolean;
  /** Runs the action; a rejection keeps the dialog open (the API client already showed why). */
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
}

/** A centred dialog asking for the input of one operator action (a reason, a duration, an amount). */
export function FormDialog({ spec, onClose }: { spec: DialogSpec; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(spec.fields.map((f) => [f.name, f.initial ?? f.options?.[0]?.value ?? ''])),
  );
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await spec.onSubmit(values);
      onClose();
    } catch {
      /* shown by the API client's toast; the dialog stays for a correction */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="adm-dialog-mask" role="dialog" aria-modal="true" aria-label={spec.title}>
      <form
        className="adm-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h3>{spec.title}</h3>
        {spec.description && <p className="adm-muted">{spec.description}</p>}
        {spec.fields.map((f) => {
          // An image field holds its own upload control, and a label may not hold another.
          const Wrap = f.kind === 'image' || f.kind === 'animation' ? 'div' : 'label';
          return (
            <Wrap key={f.name} className="adm-field">
              <span>{f.label}</span>
              {f.kind === 'textarea' ? (
                <textarea
                  name={f.name}
                  rows={3}
                  value={values[f.name]}
                  placeholder={f.placeholder}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                />
              ) : f.kind === 'animation' ? (
                <AnimationField name={f.name} value={values[f.name] ?? ''} onChange={(v) => setValues((all) => ({ ...all, [f.name]: v }))} />
              ) : f.kind === 'image' ? (
                <ImageField name={f.name} value={values[f.name] ?? ''} onChange={(v) => setValues((all) => ({ ...all, [f.name]: v }))} />
              ) : f.kind === 'select' ? (
                <select name={f.name} value={values[f.name]} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  name={f.name}
                  type={f.kind === 'number' ? 'number' : f.kind === 'password' ? 'password' : 'text'}
                  value={values[f.name]}
                  placeholder={f.placeholder}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                />
              )}
              {f.hint && <small className="adm-muted">{f.hint}</small>}
            </Wrap>
          );
        })}
        <div className="adm-dialog__actions">
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color={spec.danger ? 'danger' : 'primary'} loading={busy}>
            {spec.confirm}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** A dialog slot for a section: `ask(spec)` opens it; render `dialog` once. */
export function useFormDialog() {
  const [spec, setSpec] = useState<DialogSpec | null>(null);
  return { ask: setSpec, dialog: spec ? <FormDialog spec={spec} onClose={() => setSpec(null)} /> : null };
}
