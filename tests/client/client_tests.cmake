# Endpoint mode (tools/endpoint/, issue 24): SigV4 against AWS's test
# vectors, credentials and region, the HTTP client, and the model runner
# against eddy-server as a separate process.
eddy_test(endpoint_client_test
  SOURCES client/sigv4_test.cc client/credentials_test.cc
  DEPS eddy_endpoint_lib)
