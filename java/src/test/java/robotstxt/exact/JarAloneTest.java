package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar alone, copied into a folder of its own, used by a program in a new JVM with no
 * java.library.path to find the library on and no system property naming it: it extracts and
 * loads its own library, and leaves no file behind.
 */
class JarAloneTest {
  @Test
  void theJarWorksFromAFolderOfItsOwn(@TempDir Path dir) throws Exception {
    String jarProperty = System.getProperty("robotstxt.jar");
    assertNotNull(jarProperty, "scripts/test-java.sh passes -Drobotstxt.jar=<the jar>");
    Path jar = Files.copy(Paths.get(jarProperty), dir.resolve("robotstxt-exact.jar"));
    Path tmp = Files.createDirectory(dir.resolve("tmp"));
    Path main = dir.resolve("Main.java");
    Files.write(
        main,
        ("import robotstxt.exact.*;\n"
                + "public class Main {\n"
                + "  public static void main(String[] args) {\n"
                + "    try (Robots r = Robots.parse(\"User-agent: FooBot\\nDisallow: /x/\\n\")) {\n"
                + "      System.out.println(r.allowed(\"FooBot\", \"https://a.example/x/y\")\n"
                + "          + \" \" + r.allowed(\"FooBot\", \"https://a.example/y\")\n"
                + "          + \" \" + NativeLibrary.loadedFrom());\n"
                + "    }\n"
                + "  }\n"
                + "}\n")
            .getBytes(StandardCharsets.UTF_8));
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "-Djava.library.path=" + dir.resolve("nothing-here"),
                "-Djava.io.tmpdir=" + tmp,
                "-cp",
                jar.toString(),
                main.toString())
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertEquals(
        "false true jar:robotstxt/exact/native/" + NativeLibrary.platform() + "/"
            + System.mapLibraryName("robotstxt_jni"),
        out);
    try (Stream<Path> left = Files.list(tmp)) {
      assertEquals(0, left.filter(f -> f.getFileName().toString().startsWith("robotstxt")).count(),
          "the extracted library is deleted once loaded");
    }
  }

  @Test
  void aLibraryNamedByThePropertyIsLoadedInstead(@TempDir Path dir) throws Exception {
    String jarProperty = System.getProperty("robotstxt.jar");
    assertNotNull(jarProperty);
    // The jar's own library, extracted by hand, as a user would put a built one.
    Path lib = dir.resolve(System.mapLibraryName("robotstxt_jni"));
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jarProperty)) {
      String entry =
          "robotstxt/exact/native/" + NativeLibrary.platform() + "/" + lib.getFileName();
      Files.copy(zip.getInputStream(zip.getEntry(entry)), lib, StandardCopyOption.REPLACE_EXISTING);
    }
    Path main = dir.resolve("Main.java");
    Files.write(
        main,
        ("public class Main { public static void main(String[] a) {"
                + " System.out.println(robotstxt.exact.NativeLibrary.loadedFrom()); } }\n")
            .getBytes(StandardCharsets.UTF_8));
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "-D" + NativeLibrary.LIBRARY_PATH_PROPERTY + "=" + lib,
                "-cp",
                jarProperty,
                main.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertEquals(lib.toString(), out);
  }
}
