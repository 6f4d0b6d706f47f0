#include <curl/curl.h>

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call; these name the argument types the remote cache uses.

static inline CURLcode buttonsmith_curl_set_long(CURL *easy, CURLoption option, long value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode buttonsmith_curl_set_pointer(CURL *easy, CURLoption option, const void *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode buttonsmith_curl_set_size(CURL *easy, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(easy, option, value);
}

typedef size_t (*buttonsmith_curl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode buttonsmith_curl_set_write_function(CURL *easy, buttonsmith_curl_write_callback callback) {
  return curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, callback);
}

static inline long buttonsmith_curl_response_code(CURL *easy) {
  long code = 0;
  curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

static inline CURLMcode buttonsmith_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}
