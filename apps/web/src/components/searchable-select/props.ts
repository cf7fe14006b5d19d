export interface Choice {
  value: string;
  label: string;
}

/** What the filters and forms need of a choice; the look-alike, the real select and the offline fallback all take it. */
export interface SearchableSelectProps {
  label: string;
  placeholder?: string;
  /** The query parameter it stands for: its value goes with the form it is in. */
  name?: string;
  /**
   * The parameter the native choice drawn before hydration sends when `name` is left out because the
   * current choice is "no parameter" (the consultants' "All Countries"): before scripts a person must
   * still be able to choose, and the server reads the default choice as no filter.
   */
  formName?: string;
  data: Choice[];
  value: string | null;
  onChange: (value: string | null) => void;
  nothingFoundMessage?: string;
  clearable?: boolean;
  /** A choice of a few options (Sign Up's role): picked from the list, without typing to search. */
  searchable?: boolean;
  /** A choice the form needs: marked with an asterisk, and the chosen option cannot be unchosen. */
  required?: boolean;
}

/** What the real select gets on top, once someone reached for it. */
export interface EnhancedSelectProps extends SearchableSelectProps {
  id: string;
  autoFocus: boolean;
  defaultDropdownOpened: boolean;
  defaultSearchValue?: string;
}
