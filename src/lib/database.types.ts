/**
 * Row types of the tables and functions in supabase/migrations (snake_case, as stored).
 * Only the data module (src/data) uses them; pages see the camelCase types of src/data/types.ts.
 */
type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

type Relationship = {
  foreignKeyName: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
};

type Table<Row, Relationships extends Relationship[] = []> = {
  Row: Row;
  Insert: Partial<Row>;
  Update: Partial<Row>;
  Relationships: Relationships;
};

export type ParticipantRow = {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  city: string;
  region: string;
  category: 'dance' | 'singing';
  participation_type: 'solo' | 'team';
  team_name: string | null;
  link_to_work: string | null;
  description: string | null;
  agree_to_terms: boolean;
  created_at: string;
};

export type TeamMemberRow = {
  id: string;
  participant_id: string;
  position: number;
  full_name: string;
  email: string | null;
  phone: string;
  created_at: string;
};

export type ReservationRow = {
  id: string;
  full_name: string;
  phone: string;
  ville: string | null;
  region: string | null;
  attendance_status: 'yes' | 'no' | 'maybe';
  heard_from: 'flyer' | 'social' | 'wordOfMouth';
  will_attend: 'yes' | 'no';
  attendance_barrier: 'location' | 'cost' | 'distance' | 'noCompanion' | 'artists' | 'none';
  follows_booster_page: 'yes' | 'no';
  consumes_booster_products: 'yes' | 'no';
  created_at: string;
};

export type ContactMessageRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
};

export type ContestSettingsRow = {
  id: boolean;
  registration_opens_at: string;
  registration_closes_at: string;
  max_participants: number;
  updated_at: string;
};

export type Database = {
  public: {
    Tables: {
      participants: Table<ParticipantRow>;
      team_members: Table<
        TeamMemberRow,
        [
          {
            foreignKeyName: 'team_members_participant_id_fkey';
            columns: ['participant_id'];
            isOneToOne: false;
            referencedRelation: 'participants';
            referencedColumns: ['id'];
          },
        ]
      >;
      reservations: Table<ReservationRow>;
      contact_messages: Table<ContactMessageRow>;
      contest_settings: Table<ContestSettingsRow>;
    };
    Views: { [_ in never]: never };
    Functions: {
      registration_status: { Args: Record<string, never>; Returns: Json };
      register_participant: { Args: { payload: Json }; Returns: Json };
      admin_update_participant: {
        Args: { p_id: string; p_patch: Json; p_members?: Json | null };
        Returns: undefined;
      };
      participant_stats: { Args: Record<string, never>; Returns: Json };
      reservation_summary: { Args: Record<string, never>; Returns: Json };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};
