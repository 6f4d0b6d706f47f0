import ButtonSpec
import Testing

/// Numbers in messages read as a spec would write them, without the noise of the arithmetic that
/// found them; scales in file names stay exact.
struct NumberFormatTests {
  @Test func messagesRoundToAMillionth() {
    #expect(formatNumber(126.1 - 28.7) == "97.4")
    #expect(formatNumber(0.1 + 0.2) == "0.3")
    #expect(formatNumber(3.6999999999999997) == "3.7")
    #expect(formatNumber(20) == "20" && formatNumber(-0.5) == "-0.5" && formatNumber(8192.25) == "8192.25")
  }

  @Test func scalesInFileNamesAreExact() {
    #expect(formatScale(1.0 / 3) == String(1.0 / 3))
    #expect(formatScale(2) == "2" && formatScale(1.5) == "1.5")
  }
}
