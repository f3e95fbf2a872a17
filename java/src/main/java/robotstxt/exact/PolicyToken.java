package robotstxt.exact;

/**
 * A policy token ({@code __<namespace>_<label>}, such as {@code __usage_ai-training},
 * draft-kelley-rep-namespaces-00) that a {@code user-agent} line of the file names: ask what its
 * groups say with {@link Robots#policy}.
 */
public final class PolicyToken {
  private final String token;
  private final String namespace;
  private final String label;
  private final int line;

  PolicyToken(String token, String namespace, String label, int line) {
    this.token = token;
    this.namespace = namespace;
    this.label = label;
    this.line = line;
  }

  /**
   * The token as written (its {@code [A-Za-z_-]} part, which the matcher compares).
   *
   * @return the token
   */
  public String token() {
    return token;
  }

  /**
   * The namespace, such as {@code usage}.
   *
   * @return the namespace
   */
  public String namespace() {
    return namespace;
  }

  /**
   * The label, such as {@code ai-training}.
   *
   * @return the label
   */
  public String label() {
    return label;
  }

  /**
   * The line of the first {@code user-agent} line naming it.
   *
   * @return the line
   */
  public int line() {
    return line;
  }

  @Override
  public String toString() {
    return token + " (line " + line + ")";
  }
}
