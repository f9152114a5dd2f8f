/**
 * `rfc1738 lint` as a markdownlint custom rule: add
 * `"customRules": ["rfc1738/markdownlint"]` to a markdownlint-cli2
 * configuration.
 */
declare const rule: {
  names: string[];
  description: string;
  information: URL;
  tags: string[];
  parser: "none";
  function: (params: unknown, onError: (error: unknown) => void) => void;
};
export default rule;
