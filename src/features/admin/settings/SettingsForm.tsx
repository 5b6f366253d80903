import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { notify } from '@/lib/toast';
import { SettingFieldError, type EditionSettings, type SettingKey } from '@/data/edition/settings';
import type { NightPartyStats } from '@/data/reservations/night-party-admin';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { SpendConfirmDialog } from '../ui/SpendConfirmDialog';
import { SpendConfirmationError, type SpendAsk } from '@/data/shared/spend';
import { nightPartyStatsQuery } from '@/data/reservations/queries';
import { card } from '../ui/classes';
import { formatDouala } from '@/lib/douala-input';
import { useUpdateSettings } from '@/data/edition/mutations';
import {
  settingsSchema,
  toSettingsFormValues,
  toSettingsPatch,
  type SettingsFormValues,
} from './settings-schema';
import { formatCount } from '@/lib/numbers';

import { placeLimit, SECTIONS } from './settings-fields';

/**
 * What a limit below the places already confirmed does (issue 27): nobody loses a place, but the
 * waitlist waits and new reservations join it until the limit rises past them (private.fill_places
 * promotes only while a place is free).
 */
const belowConfirmedText = (limit: number, confirmed: number) =>
  `${formatCount(confirmed)} places sont déjà confirmées, plus que ces ${formatCount(limit)} : aucune n’est retirée, mais les nouvelles réservations iront en liste d’attente et personne n’en sera confirmé tant que les places confirmables ne dépasseront pas ${formatCount(confirmed)}.`;

/** The places that may be confirmed with the values typed, and what a drop below the confirmed means. */
function PlaceLimit({
  control,
  confirmed,
}: {
  control: Control<SettingsFormValues>;
  /** Places confirmed now (night_party_stats); undefined while unknown. */
  confirmed: number | undefined;
}) {
  const [capacity, overbooking] = useWatch({
    control,
    name: ['capacity', 'overbookingPercent'],
  });
  const c = Number(capacity);
  const o = Number(overbooking);
  if (!Number.isInteger(c) || !Number.isInteger(o) || c < 1 || o < 0) return null;
  const limit = placeLimit(c, o);
  const below = confirmed !== undefined && limit < confirmed;
  return (
    <div className="space-y-2 text-sm text-gray-700 sm:col-span-2" aria-live="polite">
      <p>
        Places confirmables : <strong>{formatCount(limit)}</strong>
        {confirmed !== undefined && <> (déjà confirmées : {formatCount(confirmed)})</>}
      </p>
      {below && (
        <p id="below-confirmed" className="rounded-lg bg-amber-50 p-3 text-amber-950">
          {belowConfirmedText(limit, confirmed)}
        </p>
      )}
    </div>
  );
}

/**
 * How many of the waitlist a raised limit confirmed (admin_update_settings promotes in its own
 * transaction): named in the toast (issue 27). Read from the capacity figures before and after
 * the save: a promotion both adds a confirmed place and takes one off the waitlist, so a
 * reservation or a cancellation made meanwhile by someone else is not counted as one.
 */
function promotedBetween(before?: NightPartyStats, after?: NightPartyStats): number {
  if (!before || !after) return 0;
  return Math.max(
    0,
    Math.min(after.confirmed - before.confirmed, before.waitlisted - after.waitlisted),
  );
}

const SAVE_ERROR = 'Erreur lors de l’enregistrement des paramètres';

/**
 * The settings' form. Only the changed fields are sent (toSettingsPatch); the database's refusal
 * of one (hint invalid_field) is shown under that field, and nothing is stored.
 */
export function SettingsForm({ settings }: { settings: EditionSettings }) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: toSettingsFormValues(settings),
  });
  const update = useUpdateSettings();
  const queryClient = useQueryClient();
  const confirmed = useQuery(nightPartyStatsQuery()).data?.confirmed;
  /** The values waiting for the confirmation of a limit below the confirmed places. */
  const [pending, setPending] = useState<SettingsFormValues | null>(null);
  /** A save the database held back: it would queue these messages (docs/decisions/037-message-budgets.md). */
  const [spend, setSpend] = useState<{
    values: SettingsFormValues;
    changed: SettingKey[];
    ask: SpendAsk;
  } | null>(null);

  const save = async (values: SettingsFormValues, changed: SettingKey[], confirm?: number) => {
    try {
      const statsKey = nightPartyStatsQuery().queryKey;
      const before = queryClient.getQueryData(statsKey);
      // Resolves once the capacity figures are read again (useUpdateSettings).
      const saved = await update.mutateAsync({ patch: toSettingsPatch(values, changed), confirm });
      reset(toSettingsFormValues(saved));
      const promoted = promotedBetween(before, queryClient.getQueryData(statsKey));
      notify.success(
        promoted > 0
          ? `Paramètres enregistrés ; ${promoted > 1 ? `${formatCount(promoted)} réservations` : '1 réservation'} de la liste d’attente ${promoted > 1 ? 'passent' : 'passe'} en « Confirmé »`
          : 'Paramètres enregistrés',
      );
    } catch (e) {
      if (e instanceof SpendConfirmationError) {
        setSpend({ values, changed, ask: e.ask });
      } else if (e instanceof SettingFieldError) {
        setError(e.field, { type: 'server', message: e.message }, { shouldFocus: true });
      } else {
        notify.error(e instanceof Error ? e.message : SAVE_ERROR);
      }
    }
  };

  const onSubmit = async (values: SettingsFormValues) => {
    const changed = (Object.keys(dirtyFields) as SettingKey[]).filter((k) => dirtyFields[k]);
    if (changed.length === 0) {
      notify.info('Aucune modification à enregistrer');
      return;
    }
    // A limit lowered below the places already confirmed is said before it is saved (issue 27).
    const limit = placeLimit(Number(values.capacity), Number(values.overbookingPercent));
    const lowered = changed.includes('capacity') || changed.includes('overbookingPercent');
    if (lowered && confirmed !== undefined && limit < confirmed) {
      setPending(values);
      return;
    }
    await save(values, changed);
  };

  const pendingLimit = pending
    ? placeLimit(Number(pending.capacity), Number(pending.overbookingPercent))
    : 0;

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Paramètres de l’édition"
      className="space-y-6"
    >
      <RequiredLegend />
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className={`${card} min-w-0`}>
          <legend className="float-left mb-4 w-full text-lg font-semibold text-gray-900">
            {section.title}
          </legend>
          <div className="clear-both grid grid-cols-1 gap-4 sm:grid-cols-2">
            {section.fields.map((f) => (
              <Field
                key={f.key}
                label={f.label}
                hint={f.hint}
                error={errors[f.key]?.message}
                required={!f.optional}
              >
                <input
                  type={f.type ?? 'text'}
                  inputMode={f.numeric ? 'numeric' : undefined}
                  autoComplete="off"
                  {...register(f.key)}
                />
              </Field>
            ))}
            {section.title === 'Places et réservations' && (
              <PlaceLimit control={control} confirmed={confirmed} />
            )}
          </div>
        </fieldset>
      ))}
      <p className="text-sm text-gray-700">
        Dernière modification : {formatDouala(settings.updatedAt)} (heure de Douala).
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" busy={isSubmitting} busyLabel="Enregistrement…">
          Enregistrer les paramètres
        </Button>
        <Button
          variant="secondary"
          disabled={!isDirty || isSubmitting}
          onClick={() => reset(toSettingsFormValues(settings))}
        >
          Annuler les modifications
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={`Passer à ${formatCount(pendingLimit)} places confirmables ?`}
        message={belowConfirmedText(pendingLimit, confirmed ?? 0)}
        confirmLabel="Enregistrer quand même"
        cancelLabel="Revenir au formulaire"
        busy={isSubmitting || update.isPending}
        busyLabel="Enregistrement…"
        onConfirm={() => {
          const values = pending;
          setPending(null);
          const changed = (Object.keys(dirtyFields) as SettingKey[]).filter((k) => dirtyFields[k]);
          if (values) void save(values, changed);
        }}
        onCancel={() => setPending(null)}
      />
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
