import * as ops from '@bw/api-client/operations';
import { type AdminAssetView, assetRecordBody, notaryDateBody } from '@bw/contracts';
import { isBuilderOwner } from '@bw/domain';
import { useMutation } from '@tanstack/react-query';
import { FileText, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { urlOf } from '../../../lib/api-client';
import {
  BoForm,
  FormNotice,
  FormSelectField,
  FormSubmit,
  FormTextArea,
  FormTextField,
} from '../../components/form-fields';
import { Button, Card, ErrorNotice, SelectField, TextField } from '../../components/ui';
import { asBody } from '../../lib/form-rules';
import { dateTime, day } from '../../lib/format';
import {
  addNotaryDate,
  addRecord,
  type DocumentMeta,
  removeDocument,
  removeImage,
  setFinancingEnd,
  setRanking,
  uploadDocument,
  uploadImage,
} from './api';

type PanelProps = {
  readonly asset: AdminAssetView;
  readonly canEdit: boolean;
  readonly onChanged: (asset: AdminAssetView) => void;
};

export const ImagesPanel = ({ asset, canEdit, onChanged }: PanelProps) => {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({ mutationFn: (file: File) => uploadImage(asset.id, file), onSuccess: onChanged });
  const remove = useMutation({ mutationFn: (fileId: string) => removeImage(asset.id, fileId), onSuccess: onChanged });
  return (
    <Card
      title={`Bilder (${asset.images.length})`}
      actions={
        canEdit ? (
          <Button variant="ghost" onClick={() => input.current?.click()} busy={upload.isPending}>
            <Upload className="size-4" aria-hidden />
            Hochladen
          </Button>
        ) : null
      }
    >
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="hidden"
        aria-label="Bild hochladen"
        data-testid="image-upload"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      <ErrorNotice error={upload.error ?? remove.error} />
      {asset.images.length === 0 ? (
        <p className="text-muted">Noch keine Bilder. Für die Prüfung ist mindestens eines nötig.</p>
      ) : (
        <div className="grid grid-cols-3 gap-2">
          {asset.images.map((url) => {
            const uploaded = asset.imageFiles.find((file) => file.url === url);
            const src = uploaded
              ? urlOf(ops.getAdminAssetsByIdImagesByFileId, { path: { id: asset.id, fileId: uploaded.id } })
              : url;
            return (
              <div
                key={url}
                className="group relative aspect-[4/3] overflow-hidden rounded border border-line bg-canvas"
              >
                <img src={src} alt="" className="size-full object-cover" />
                {canEdit && uploaded ? (
                  <button
                    type="button"
                    aria-label="Bild entfernen"
                    className="absolute right-1 top-1 hidden rounded bg-white/90 p-1 text-bad group-hover:block"
                    onClick={() => remove.mutate(uploaded.id)}
                  >
                    <Trash2 className="size-3.5" />
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
    </Card>
  );
};

const DOCUMENT_KINDS = [
  { value: 'expose', label: 'Exposé' },
  { value: 'keyInformation', label: 'Basisinformationsblatt' },
  { value: 'energyCertificate', label: 'Energieausweis' },
  { value: 'yieldReport', label: 'Ertragsbericht' },
  { value: 'contract', label: 'Vertrag' },
  { value: 'other', label: 'Sonstiges' },
];

export const DocumentsPanel = ({ asset, canEdit, onChanged }: PanelProps) => {
  const input = useRef<HTMLInputElement>(null);
  const [meta, setMeta] = useState<DocumentMeta>({ kind: 'expose', title: '' });
  const upload = useMutation({
    mutationFn: (file: File) => uploadDocument(asset.id, file, meta),
    onSuccess: (a) => {
      setMeta({ ...meta, title: '' });
      onChanged(a);
    },
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => removeDocument(asset.id, fileId),
    onSuccess: onChanged,
  });
  return (
    <Card title={`Dokumente (${asset.documents.length})`}>
      <ul className="mb-3 space-y-1">
        {asset.documents.map((doc) => (
          <li key={doc.id} className="flex items-center gap-2">
            <FileText className="size-4 shrink-0 text-muted" aria-hidden />
            <span className="min-w-0 flex-1 truncate" title={doc.fileName}>
              {doc.title}
            </span>
            {canEdit ? (
              <button
                type="button"
                aria-label={`${doc.title} entfernen`}
                className="text-muted hover:text-bad"
                onClick={() => remove.mutate(doc.id)}
              >
                <Trash2 className="size-3.5" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div className="space-y-2 border-t border-line pt-3">
          <SelectField
            label="Art"
            value={meta.kind}
            options={DOCUMENT_KINDS}
            onChange={(event) => setMeta({ ...meta, kind: event.target.value as DocumentMeta['kind'] })}
          />
          <TextField
            label="Titel"
            value={meta.title}
            onChange={(event) => setMeta({ ...meta, title: event.target.value })}
          />
          <input
            ref={input}
            type="file"
            accept="application/pdf"
            className="hidden"
            aria-label="PDF hochladen"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              event.target.value = '';
            }}
          />
          <ErrorNotice error={upload.error ?? remove.error} />
          <Button
            onClick={() => input.current?.click()}
            busy={upload.isPending}
            disabled={meta.title.trim().length < 3}
          >
            <Upload className="size-4" aria-hidden />
            PDF hochladen
          </Button>
        </div>
      ) : null}
    </Card>
  );
};

const recordForm = assetRecordBody;
const RECORD_KINDS = [
  { value: 'news', label: 'Neuigkeit' },
  { value: 'construction', label: 'Bau' },
  { value: 'tenant', label: 'Mieter' },
  { value: 'maintenance', label: 'Wartung' },
];

export const RecordsPanel = ({ asset, canEdit, onChanged }: PanelProps) => {
  const form = useZodForm(recordForm, {
    defaultValues: { recordedOn: new Date().toISOString().slice(0, 10), kind: 'news', title: '', body: '' },
  });
  const add = async (body: z.output<typeof recordForm>) => {
    const next = await addRecord(asset.id, body);
    form.reset({ ...form.getValues(), title: '', body: '' });
    onChanged(next);
  };
  return (
    <Card title="Berichte und Neuigkeiten">
      <ul className="mb-3 max-h-48 space-y-2 overflow-y-auto">
        {asset.records.length === 0 ? <li className="text-muted">Noch keine Einträge.</li> : null}
        {asset.records.map((record) => (
          <li key={record.id}>
            <p className="font-medium">{record.title}</p>
            <p className="text-xs text-muted">
              {day(record.recordedOn)} · {record.kind}
            </p>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <BoForm form={form} onSubmit={add} className="space-y-2 border-t border-line pt-3">
          <div className="grid grid-cols-2 gap-2">
            <FormTextField name="recordedOn" label="Datum" type="date" />
            <FormSelectField name="kind" label="Art" options={RECORD_KINDS} />
          </div>
          <FormTextField name="title" label="Titel" />
          <FormTextArea name="body" label="Text" />
          <FormNotice />
          <FormSubmit variant="secondary">Eintrag veröffentlichen</FormSubmit>
        </BoForm>
      ) : null}
    </Card>
  );
};

const notaryFields = z.object({
  startsAt: z.string().min(1, 'Bitte wähle den Beginn.'),
  location: z.string(),
  capacity: z.string(),
});
/** The local date and time as an instant, the places as a number; checked by the contract's body. */
const notaryForm = asBody(
  notaryFields,
  (form) => ({
    startsAt: new Date(form.startsAt).toISOString(),
    location: form.location,
    capacity: Number(form.capacity),
  }),
  notaryDateBody,
);

export const NotaryPanel = ({ asset, canEdit, onChanged }: PanelProps) => {
  const form = useZodForm(notaryForm, { defaultValues: { startsAt: '', location: '', capacity: '8' } });
  const add = async (body: z.output<typeof notaryDateBody>) => onChanged(await addNotaryDate(asset.id, body));
  if (!isBuilderOwner(asset.securityType)) return null;
  return (
    <Card title="Notartermine">
      <ul className="mb-3 space-y-1">
        {asset.notaryDates.length === 0 ? (
          <li className="text-muted">Noch keine Termine: nötig für die Prüfung.</li>
        ) : null}
        {asset.notaryDates.map((date) => (
          <li key={date.id} className="flex justify-between gap-2">
            <span>{dateTime(date.startsAt)}</span>
            <span className="text-muted">
              {date.reserved}/{date.capacity} belegt
            </span>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <BoForm form={form} onSubmit={add} className="space-y-2 border-t border-line pt-3">
          <FormTextField name="startsAt" label="Beginn" type="datetime-local" />
          <FormTextField name="location" label="Ort" />
          <FormTextField name="capacity" label="Plätze" inputMode="numeric" />
          <FormNotice />
          <FormSubmit variant="secondary">Termin anlegen</FormSubmit>
        </BoForm>
      ) : null}
    </Card>
  );
};

export const MarketingPanel = ({ asset, canEdit, onChanged }: PanelProps) => {
  const [ranking, setRankingText] = useState(String(asset.forcedRanking));
  const [end, setEnd] = useState(asset.financingEndsOn ?? '');
  const rank = useMutation({ mutationFn: () => setRanking(asset.id, Number(ranking)), onSuccess: onChanged });
  const extend = useMutation({ mutationFn: () => setFinancingEnd(asset.id, end), onSuccess: onChanged });
  return (
    <Card title="Marktplatz">
      <div className="space-y-3">
        <div className="flex items-end gap-2">
          <TextField
            className="flex-1"
            label="Ranking (Standard 1000)"
            inputMode="numeric"
            disabled={!canEdit}
            value={ranking}
            onChange={(event) => setRankingText(event.target.value)}
          />
          {canEdit ? (
            <Button onClick={() => rank.mutate()} busy={rank.isPending}>
              Setzen
            </Button>
          ) : null}
        </div>
        <div className="flex items-end gap-2">
          <TextField
            className="flex-1"
            label="Ende der Finanzierungsphase"
            type="date"
            disabled={!canEdit}
            value={end}
            onChange={(event) => setEnd(event.target.value)}
          />
          {canEdit ? (
            <Button onClick={() => extend.mutate()} busy={extend.isPending} disabled={!end}>
              Verlängern
            </Button>
          ) : null}
        </div>
        <ErrorNotice error={rank.error ?? extend.error} />
      </div>
    </Card>
  );
};
