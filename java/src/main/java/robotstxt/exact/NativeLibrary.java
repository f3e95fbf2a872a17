package robotstxt.exact;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * The native library behind every class of the package, and the knobs on its memory.
 *
 * <p>The jar carries the library under {@code robotstxt/exact/native/<platform>/} (for example
 * {@code linux-x86_64/librobotstxt_jni.so}). On first use it is copied to a private temporary file
 * (owner-only permissions, in {@code java.io.tmpdir} or the folder the system property {@code
 * robotstxt.exact.tmpdir} names), loaded with {@link System#load}, and the file is deleted at once
 * where the system allows it (Linux, macOS) or when the JVM exits (Windows). No {@code
 * java.library.path} is read. The system property {@code robotstxt.exact.library.path} names a
 * library file to load instead (a platform the jar does not carry, or a library built by hand); its
 * version must be the jar's.
 */
public final class NativeLibrary {
  /** The system property naming a library file to load instead of the jar's. */
  public static final String LIBRARY_PATH_PROPERTY = "robotstxt.exact.library.path";

  /** The system property naming the folder the jar's library is extracted to. */
  public static final String TMPDIR_PROPERTY = "robotstxt.exact.tmpdir";

  private static final String BASE_NAME = "robotstxt_jni";
  private static final Object LOCK = new Object();
  private static volatile String loadedFrom;
  /**
   * Set while the loading thread checks the version through {@link Native}, whose initialiser calls
   * {@link #load} again.
   */
  private static boolean loading;

  private NativeLibrary() {}

  /**
   * The platform folder this JVM looks for in the jar: {@code linux-x86_64}, {@code linux-aarch64},
   * {@code macos-aarch64}, {@code windows-x86_64}, ...
   *
   * @return {@code <os>-<arch>}
   */
  public static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (os.startsWith("linux")) {
      os = "linux";
    } else if (os.startsWith("mac") || os.startsWith("darwin")) {
      os = "macos";
    } else if (os.startsWith("windows")) {
      os = "windows";
    } else {
      os = os.replaceAll("[^a-z0-9]", "");
    }
    switch (arch) {
      case "amd64":
      case "x86_64":
        arch = "x86_64";
        break;
      case "aarch64":
      case "arm64":
        arch = "aarch64";
        break;
      default:
        arch = arch.replaceAll("[^a-z0-9_]", "");
    }
    return os + "-" + arch;
  }

  /**
   * Loads the library if it is not loaded yet. Every class of the package calls this; a program
   * may call it first to fail early.
   *
   * @throws UnsatisfiedLinkError when there is no library for this platform or it cannot be loaded
   */
  public static void load() {
    if (loadedFrom != null) {
      return;
    }
    synchronized (LOCK) {
      if (loadedFrom != null || loading) {
        return;
      }
      loading = true;
      try {
        loadedFrom = loadOnce();
      } finally {
        loading = false;
      }
    }
  }

  private static String loadOnce() {
    String given = System.getProperty(LIBRARY_PATH_PROPERTY);
    String from;
    if (given != null && !given.isEmpty()) {
      System.load(Paths.get(given).toAbsolutePath().toString());
      from = given;
    } else {
      from = extractAndLoad();
    }
    checkVersion(from);
    return from;
  }

  private static String extractAndLoad() {
    String platform = platform();
    String file = System.mapLibraryName(BASE_NAME);
    String resource = "native/" + platform + "/" + file;
    try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new UnsatisfiedLinkError(
            "robotstxt-exact: this jar carries no native library for "
                + platform
                + " (robotstxt/exact/"
                + resource
                + "); build one (docs/JAVA.md) and name it with -D"
                + LIBRARY_PATH_PROPERTY
                + "=/path/to/"
                + file);
      }
      String dir = System.getProperty(TMPDIR_PROPERTY, System.getProperty("java.io.tmpdir"));
      String suffix = file.substring(file.lastIndexOf('.'));
      // createTempFile makes the file readable and writable by its owner only.
      Path copy = Files.createTempFile(Paths.get(dir), "robotstxt-exact-", suffix);
      try {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
        System.load(copy.toAbsolutePath().toString());
      } finally {
        // A loaded library stays mapped once its file is gone, except on
        // Windows, where the file is in use until the JVM exits.
        try {
          Files.delete(copy);
        } catch (IOException stillInUse) {
          copy.toFile().deleteOnExit();
        }
      }
      return "jar:robotstxt/exact/" + resource;
    } catch (IOException e) {
      UnsatisfiedLinkError error =
          new UnsatisfiedLinkError(
              "robotstxt-exact: cannot extract the native library for "
                  + platform
                  + ": "
                  + e
                  + " (set -D"
                  + TMPDIR_PROPERTY
                  + " to a writable folder that allows executables)");
      error.initCause(e);
      throw error;
    }
  }

  private static void checkVersion(String from) {
    String expected = jarVersion();
    String actual = new String(Native.version(), StandardCharsets.UTF_8);
    if (expected != null && !expected.equals(actual)) {
      throw new UnsatisfiedLinkError(
          "robotstxt-exact: the native library at "
              + from
              + " is version "
              + actual
              + ", the jar "
              + expected);
    }
  }

  /** The version java/build.sh wrote into the jar, or null when there is none. */
  private static String jarVersion() {
    try (InputStream in = NativeLibrary.class.getResourceAsStream("VERSION")) {
      if (in == null) {
        return null;
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Where the library was loaded from: {@code jar:robotstxt/exact/native/...} or the path the
   * system property named.
   *
   * @return where the library came from
   */
  public static String loadedFrom() {
    load();
    return loadedFrom;
  }

  /**
   * The version of the native library (the Rust crate's), which is the jar's.
   *
   * @return for example {@code 0.1.0}
   */
  public static String version() {
    load();
    return new String(Native.version(), StandardCharsets.UTF_8);
  }

  /**
   * Caps the bytes the native library may hold: a parse or query that would need more fails with
   * {@link OutOfMemoryError} and leaves every object usable. A guard for crawlers that parse
   * hostile bodies, and how the tests reach the out-of-memory paths. Objects made before stay
   * valid; memory already held counts against the cap.
   *
   * @param bytes the cap; a negative value removes it (the default)
   */
  public static void setMemoryLimit(long bytes) {
    load();
    Native.setMemoryLimit(bytes);
  }

  /**
   * The bytes the native library holds now: parsed objects, matchers, reporters, cache entries.
   *
   * @return bytes held by the native heap
   */
  public static long allocatedBytes() {
    load();
    return Native.allocatedBytes();
  }
}
