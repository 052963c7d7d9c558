// What the tiny site's route is handed on Netlify, which has no SQL binding: nothing but its
// variables, marked so a test can tell this module ran.
export default (variables: Record<string, string>) => ({
  NETLIFY_MARK: `bound with ${Object.keys(variables).length} variables`,
});
