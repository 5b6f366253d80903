import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { notify } from '@/lib/toast';
import { MessageFieldError } from '@/data/outbox/outbox';
import type { MessageSettings } from '@/data/outbox/types';
import { messageSettingsQuery } from '@/data/outbox/queries';
import { useUpdateMessageSettings } from '@/data/outbox/mutations';
import { SpendConfirmationError, type SpendAsk } from '@/data/shared/spend';
import { QueryStatus } from '../ui/ListState';
import { SpendConfirmDialog } from '../ui/SpendConfirmDialog';
import { card } from '../ui/classes';
import {
  fieldOfColumn,
  messageSettingsSchema,
  toMessageSettingsFormValues,
  toMessageSettingsPatch,
  type MessageSettingKey,
  type MessageSettingsFormValues,
} from './message-settings-schema';

const SAVE_ERROR = 'Erreur lors de l’enregistrement des paramètres des messages';

/**
 * The messages the site sends by itself (admins): the concert's reminder (how many days before,
 * or none, and by which channel), the price of an SMS segment (the reminder's estimated cost),
 * the most messages sent in a day, and the site's address that the links of the messages use.
 */
export function MessageSettingsPanel() {
  const settings = useQuery(messageSettingsQuery());
  return (
    <section aria-labelledby="message-settings" className={`${card} space-y-4`}>
      <h2 id="message-settings" className="text-lg font-semibold text-gray-900">
        Messages envoyés (SMS, WhatsApp, e-mail)
      </h2>
      <QueryStatus query={settings} loadingText="Chargement des paramètres des messages…" />
      {settings.data && <MessageSettingsForm settings={settings.data} />}
    </section>
  );
}

function MessageSettingsForm({ settings }: { settings: MessageSettings }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<MessageSettingsFormValues>({
    resolver: zodResolver(messageSettingsSchema),
    defaultValues: toMessageSettingsFormValues(settings),
  });
  const update = useUpdateMessageSettings();
  /** A save the database held back: a reminder made due (docs/decisions/037-message-budgets.md). */
  const [spend, setSpend] = useState<{
    values: MessageSettingsFormValues;
    changed: MessageSettingKey[];
    ask: SpendAsk;
  } | null>(null);

  const save = async (
    values: MessageSettingsFormValues,
    changed: MessageSettingKey[],
    confirm?: number,
  ) => {
    try {
      const saved = await update.mutateAsync({
        patch: toMessageSettingsPatch(values, changed),
        confirm,
      });
      reset(toMessageSettingsFormValues(saved));
      notify.success('Paramètres des messages enregistrés');
    } catch (e) {
      if (e instanceof SpendConfirmationError) {
        setSpend({ values, changed, ask: e.ask });
        return;
      }
      const field = e instanceof MessageFieldError ? fieldOfColumn(e.field) : undefined;
      const message = e instanceof Error ? e.message : SAVE_ERROR;
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      else notify.error(message);
    }
  };

  const onSubmit = async (values: MessageSettingsFormValues) => {
    const changed = (Object.keys(dirtyFields) as MessageSettingKey[]).filter((k) => dirtyFields[k]);
    if (changed.length === 0) {
      notify.info('Aucune modification à enregistrer');
      return;
    }
    await save(values, changed);
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Paramètres des messages"
      className="space-y-4"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Rappel automatique (jours avant le concert)"
          hint="De 1 à 30. Laissez vide : pas de rappel automatique (« Envoyer le rappel » de la page Envois reste possible)."
          error={errors.reminderDaysBefore?.message}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            {...register('reminderDaysBefore')}
          />
        </Field>
        <Field label="Canal du rappel" required error={errors.reminderChannel?.message}>
          <select {...register('reminderChannel')}>
            <option value="sms">SMS</option>
            <option value="whatsapp">WhatsApp</option>
          </select>
        </Field>
        <Field
          label="Prix d’un segment SMS (FCFA)"
          required
          hint="Le prix du fournisseur pour 160 caractères (70 avec des accents rares ou des emojis) : sert à estimer le coût d’un envoi."
          error={errors.smsPricePerSegment?.message}
        >
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...register('smsPricePerSegment')}
          />
        </Field>
        <Field
          label="Plafond d’envois par jour"
          required
          hint="Au-delà, les messages attendent le lendemain (heure de Douala)."
          error={errors.dailyCap?.message}
        >
          <input type="text" inputMode="numeric" autoComplete="off" {...register('dailyCap')} />
        </Field>
        <Field
          label="Budget public par jour"
          required
          hint="Sur le plafond : les confirmations d’inscription que le public déclenche. Au-delà, elles attendent le lendemain."
          error={errors.publicDailyCap?.message}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            {...register('publicDailyCap')}
          />
        </Field>
        <Field
          label="Budget des pass perdus par jour"
          required
          hint="Sur le plafond : les liens envoyés par « Retrouver mon pass ». Le reste du plafond est la réserve des places libérées, rappels et convocations."
          error={errors.recoveryDailyCap?.message}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            {...register('recoveryDailyCap')}
          />
        </Field>
        <Field
          label="Pass perdus par numéro et par jour"
          required
          hint="Au-delà, rien n’est envoyé à ce numéro (la réponse au public reste la même)."
          error={errors.recoveryPerPhoneDay?.message}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            {...register('recoveryPerPhoneDay')}
          />
        </Field>
        <Field
          label="Pass perdus par numéro et par heure"
          required
          error={errors.recoveryPerPhoneHour?.message}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            {...register('recoveryPerPhoneHour')}
          />
        </Field>
        <Field
          label="Adresse du site (liens des messages)"
          required
          hint="Par exemple https://booster-challenge.cm : les liens des pass et du site envoyés commencent par elle."
          error={errors.siteUrl?.message}
          className="sm:col-span-2"
        >
          <input type="url" autoComplete="off" {...register('siteUrl')} />
        </Field>
      </div>
      <Button type="submit" busy={isSubmitting} busyLabel="Enregistrement…">
        Enregistrer les paramètres des messages
      </Button>
      <SpendConfirmDialog
        ask={spend?.ask ?? null}
        what="Cet enregistrement"
        busy={update.isPending}
        onConfirm={(count) => {
          const held = spend;
          setSpend(null);
          if (held) void save(held.values, held.changed, count);
        }}
        onCancel={() => {
          setSpend(null);
          notify.info('Rien n’a été enregistré ni envoyé');
        }}
      />
    </form>
  );
}
